def lazy_property(method):
    name = f"_lazy_{method.__name__}"

    def getter(self):
        if not hasattr(self, name):
            setattr(self, name, method(self))
        return getattr(self, name)

    return property(getter)
