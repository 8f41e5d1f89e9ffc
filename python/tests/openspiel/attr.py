"""A stand-in for the attrs package (Debian's python3-attr may be missing): the two names
OpenSpiel's cfr.py uses, attr.s and attr.ib, enough to make a class whose __init__ takes its
fields in order, defaults and factories filled in."""


class _Field:
    count = 0

    def __init__(self, default=None, factory=None):
        self.default, self.factory = default, factory
        _Field.count += 1
        self.order = _Field.count


def ib(default=None, factory=None, **unused):
    return _Field(default, factory)


def s(cls=None, **unused):
    def wrap(c):
        fields = sorted(((k, v) for k, v in vars(c).items() if isinstance(v, _Field)),
                        key=lambda kv: kv[1].order)

        def __init__(self, *args, **kwargs):
            for (name, f), value in zip(fields, args):
                setattr(self, name, value)
            for name, f in fields[len(args):]:
                if name in kwargs:
                    setattr(self, name, kwargs[name])
                else:
                    setattr(self, name, f.factory() if f.factory else f.default)

        c.__init__ = __init__
        for name, _ in fields:
            delattr(c, name)
        return c

    return wrap(cls) if cls is not None else wrap
