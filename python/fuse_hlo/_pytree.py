"""Nested tuples, lists and dicts of arrays, flattened to a list of leaves
and rebuilt, as jit's arguments and results."""


def flatten(tree):
    """(leaves, structure): the leaves in order and what rebuilds them. The
    structure is hashable, so that it can be part of a cache key."""
    leaves = []
    return leaves, _walk(tree, leaves)


# Module-level functions, not closures over themselves: such a cycle would
# keep the leaves (arrays of 64 MB, say) alive until the next garbage
# collection.
def _walk(node, leaves):
    if isinstance(node, (tuple, list)):
        return (type(node), tuple(_walk(item, leaves) for item in node))
    if isinstance(node, dict):
        keys = tuple(sorted(node))
        return (dict, keys, tuple(_walk(node[key], leaves) for key in keys))
    leaves.append(node)
    return None


def unflatten(structure, leaves):
    return _build(structure, iter(leaves))


def _build(node, leaves):
    if node is None:
        return next(leaves)
    if node[0] is dict:
        return {key: _build(item, leaves)
                for key, item in zip(node[1], node[2])}
    return node[0](_build(item, leaves) for item in node[1])
