"""A corpus package: a provider takes its client factory as a parameter whose default is a
module function, keeps it on the instance and calls it per request; a loop in another
module retries the error the provider turns the SDK's failures into."""
