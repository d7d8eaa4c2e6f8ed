"""The hlo dialect's enums: {name: [(C++ symbol, spelling in the custom
assembly, integer)]}. Generated from HLOBase.td by
utils/hlo_enums.py; do not edit."""

ENUMS = {
    'ComparisonDirection': [
        ('EQ', 'EQ', 0),
        ('NE', 'NE', 1),
        ('LT', 'LT', 2),
        ('LE', 'LE', 3),
        ('GT', 'GT', 4),
        ('GE', 'GE', 5),
    ],
    'ComparisonType': [
        ('FLOAT', 'FLOAT', 0),
        ('TOTALORDER', 'TOTALORDER', 1),
        ('SIGNED', 'SIGNED', 2),
        ('UNSIGNED', 'UNSIGNED', 3),
    ],
    'FftType': [
        ('FFT', 'FFT', 0),
        ('IFFT', 'IFFT', 1),
        ('RFFT', 'RFFT', 2),
        ('IRFFT', 'IRFFT', 3),
    ],
    'FusionKind': [
        ('Loop', 'loop', 0),
        ('Input', 'input', 1),
        ('Output', 'output', 2),
    ],
    'ReductionKind': [
        ('Add', 'add', 0),
        ('Mul', 'multiply', 1),
        ('Max', 'maximum', 2),
        ('Min', 'minimum', 3),
        ('And', 'and', 4),
        ('Or', 'or', 5),
    ],
    'RngAlgorithm': [
        ('DEFAULT', 'default', 0),
        ('THREE_FRY', 'three_fry', 1),
        ('PHILOX', 'philox', 2),
    ],
}
