"""Nested tuples, lists and dicts of arrays, flattened to a list of leaves
and rebuilt, as jit's arguments and results."""


def flatten(tree):
    """(leaves, structure): the leaves in order and what rebuilds them."""
    leaves = []

    def walk(node):
        if isinstance(node, (tuple, list)):
            return (type(node), [walk(item) for item in node])
        if isinstance(node, dict):
            keys = sorted(node)
            return (dict, keys, [walk(node[key]) for key in keys])
        leaves.append(node)
        return None

    return leaves, walk(tree)


def unflatten(structure, leaves):
    it = iter(leaves)

    def build(node):
        if node is None:
            return next(it)
        if node[0] is dict:
            return {key: build(item) for key, item in zip(node[1], node[2])}
        return node[0](build(item) for item in node[1])

    return build(structure)


def key(structure):
    """A hashable form of a structure."""
    if structure is None:
        return None
    if structure[0] is dict:
        return ("dict", tuple(structure[1]),
                tuple(key(item) for item in structure[2]))
    return (structure[0].__name__, tuple(key(item) for item in structure[1]))
