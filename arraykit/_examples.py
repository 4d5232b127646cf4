"""Examples for the docstrings of modules at the project's 600-line cap (``_creation.py``,
``linalg.py``), which have no room for them: ``attach`` appends each one to its
docstring as an ``Examples`` section when ``arraykit`` is imported.

The outputs are literal text, computed with NumPy when they were written, and
``tests/test_doctests.py`` runs them on every driver; the reference pages show longer
tours (``docs/reference/linalg.rst``, ``creation.rst``).
"""

from __future__ import annotations

import importlib
import inspect


def attach() -> None:
    """Append each example of ``EXAMPLES`` to the docstring of the name it is for."""
    for qualname, text in EXAMPLES.items():
        module, _, name = qualname.rpartition(".")
        obj = getattr(importlib.import_module(module), name)
        doc = obj.__doc__ or ""
        if "\nExamples\n" in inspect.cleandoc(doc):
            continue  # the docstring has its own
        lines = doc.expandtabs().splitlines()[1:]
        margins = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
        pad = " " * min(margins, default=0)
        body = "\n".join(pad + line if line else "" for line in text.strip("\n").splitlines())
        obj.__doc__ = f"{doc.rstrip()}\n\n{pad}Examples\n{pad}--------\n{body}\n"


EXAMPLES: dict[str, str] = {
    "arraykit.arange": """
>>> ak.arange(5)
Array([0, 1, 2, 3, 4], dtype=int64)
>>> ak.arange(1.0, 2.0, 0.25)
Array([1.  , 1.25, 1.5 , 1.75], dtype=float64)
>>> ak.arange(0.1, 3.0, 0.3)[-1] == 2.8000000000000003   # NumPy's value
Array(True, dtype=bool)
""",
    "arraykit.linspace": """
>>> ak.linspace(0, 1, 5)
Array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)
""",
    "arraykit.logspace": """
>>> ak.logspace(0, 3, 4)
Array([   1.,   10.,  100., 1000.], dtype=float64)
>>> ak.logspace(0, 3, 4, base=2, dtype=ak.int32)
Array([1, 2, 4, 8], dtype=int32)
""",
    "arraykit.ones": """
>>> ak.ones((2, 2), dtype=ak.int32)
Array([[1, 1],
       [1, 1]], dtype=int32)
""",
    "arraykit.empty": """
>>> x = ak.empty((2, 3))
>>> x.shape, x.dtype
((2, 3), dtype('float64'))
""",
    "arraykit.empty_like": """
>>> x = ak.empty_like(ak.asarray([[1, 2, 3]], dtype=ak.int16))
>>> x.shape, x.dtype
((1, 3), dtype('int16'))
""",
    "arraykit.full_like": """
>>> ak.full_like(ak.asarray([1, 2, 3], dtype=ak.int16), 7)
Array([7, 7, 7], dtype=int16)
""",
    "arraykit.ones_like": """
>>> ak.ones_like(ak.asarray([[1.5, 2.5]]))
Array([[1., 1.]], dtype=float64)
""",
    "arraykit.meshgrid": """
>>> xs, ys = ak.meshgrid(ak.asarray([1, 2, 3]), ak.asarray([10, 20]))
>>> xs
Array([[1, 2, 3],
       [1, 2, 3]], dtype=int64)
>>> ys
Array([[10, 10, 10],
       [20, 20, 20]], dtype=int64)
""",
    "arraykit.tril": """
>>> ak.tril(ak.ones((3, 3)))
Array([[1., 0., 0.],
       [1., 1., 0.],
       [1., 1., 1.]], dtype=float64)
""",
    "arraykit.triu": """
>>> ak.triu(ak.ones((3, 3)), k=1)
Array([[0., 1., 1.],
       [0., 0., 1.],
       [0., 0., 0.]], dtype=float64)
""",
    "arraykit.from_dlpack": """
>>> ak.from_dlpack(np.arange(3.0))
Array([0., 1., 2.], dtype=float64)
""",
    "arraykit.linalg.cholesky": """
>>> ak.linalg.cholesky(ak.asarray([[4.0, 2.0], [2.0, 5.0]]))
Array([[2., 0.],
       [1., 2.]], dtype=float64)
""",
    "arraykit.linalg.cross": """
>>> ak.linalg.cross(ak.asarray([1.0, 0.0, 0.0]), ak.asarray([0.0, 1.0, 0.0]))
Array([0., 0., 1.], dtype=float64)
""",
    "arraykit.linalg.det": """
>>> ak.linalg.det(ak.asarray([[4.0, 2.0], [2.0, 3.0]]))
Array(8., dtype=float64)
""",
    "arraykit.linalg.diagonal": """
>>> ak.linalg.diagonal(ak.asarray([[1, 2], [3, 4]]))
Array([1, 4], dtype=int64)
>>> ak.linalg.diagonal(ak.asarray([[1, 2], [3, 4]]), offset=1)
Array([2], dtype=int64)
""",
    "arraykit.linalg.eig": """
>>> w, v = ak.linalg.eig(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
>>> w    # complex, as the standard says (NumPy: float64 here)
Array([2.+0.j, 1.+0.j], dtype=complex128)
""",
    "arraykit.linalg.eigh": """
>>> w, v = ak.linalg.eigh(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
>>> w
Array([1., 2.], dtype=float64)
""",
    "arraykit.linalg.eigvals": """
>>> ak.linalg.eigvals(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
Array([2.+0.j, 1.+0.j], dtype=complex128)
""",
    "arraykit.linalg.eigvalsh": """
>>> ak.linalg.eigvalsh(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
Array([1., 2.], dtype=float64)
""",
    "arraykit.linalg.inv": """
>>> ak.linalg.inv(ak.asarray([[2.0, 1.0], [0.0, 4.0]]))
Array([[ 0.5  , -0.125],
       [ 0.   ,  0.25 ]], dtype=float64)
>>> ak.linalg.inv(ak.zeros((2, 2)))
Traceback (most recent call last):
    ...
arraykit.linalg.LinAlgError: inv: the matrix is singular
""",
    "arraykit.linalg.matrix_norm": """
>>> ak.linalg.matrix_norm(ak.asarray([[3.0, 0.0], [0.0, 4.0]]))
Array(5., dtype=float64)
""",
    "arraykit.linalg.matrix_power": """
>>> ak.linalg.matrix_power(ak.asarray([[1.0, 1.0], [0.0, 1.0]]), 3)
Array([[1., 3.],
       [0., 1.]], dtype=float64)
""",
    "arraykit.linalg.matrix_rank": """
>>> ak.linalg.matrix_rank(ak.asarray([[1.0, 2.0], [2.0, 4.0]]))
Array(1, dtype=int64)
""",
    "arraykit.linalg.outer": """
>>> ak.linalg.outer(ak.asarray([1, 2]), ak.asarray([1, 10, 100]))
Array([[  1,  10, 100],
       [  2,  20, 200]], dtype=int64)
""",
    "arraykit.linalg.pinv": """
>>> ak.linalg.pinv(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
Array([[0.5, 0. ],
       [0. , 1. ]], dtype=float64)
""",
    "arraykit.linalg.qr": """
>>> q, r = ak.linalg.qr(ak.asarray([[3.0, 0.0], [4.0, 5.0]]))
>>> q.shape, r.shape
((2, 2), (2, 2))
>>> ak.abs(r[0, 0])
Array(5., dtype=float64)
""",
    "arraykit.linalg.slogdet": """
>>> sign, logabsdet = ak.linalg.slogdet(ak.asarray([[-2.0, 0.0], [0.0, 1.0]]))
>>> sign
Array(-1., dtype=float64)
>>> logabsdet
Array(0.69314718, dtype=float64)
""",
    "arraykit.linalg.solve": """
>>> ak.linalg.solve(ak.asarray([[4.0, 2.0], [2.0, 3.0]]), ak.asarray([10.0, 8.0]))
Array([1.75, 1.5 ], dtype=float64)
>>> ak.linalg.solve(ak.zeros((2, 2)), ak.ones(2))
Traceback (most recent call last):
    ...
arraykit.linalg.LinAlgError: solve: x1 is singular
""",
    "arraykit.linalg.svd": """
>>> u, s, vh = ak.linalg.svd(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
>>> s
Array([2., 1.], dtype=float64)
""",
    "arraykit.linalg.svdvals": """
>>> ak.linalg.svdvals(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
Array([2., 1.], dtype=float64)
""",
    "arraykit.linalg.trace": """
>>> ak.linalg.trace(ak.asarray([[1, 2], [3, 4]]))
Array(5, dtype=int64)
""",
    "arraykit.linalg.vector_norm": """
>>> ak.linalg.vector_norm(ak.asarray([3.0, 4.0]))
Array(5., dtype=float64)
>>> ak.linalg.vector_norm(ak.asarray([3.0, -4.0]), ord=1)
Array(7., dtype=float64)
""",
    "arraykit.linalg.EighResult": """
>>> r = ak.linalg.eigh(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
>>> r._fields
('eigenvalues', 'eigenvectors')
>>> r.eigenvalues
Array([1., 2.], dtype=float64)
""",
    "arraykit.linalg.EigResult": """
>>> r = ak.linalg.eig(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
>>> r._fields
('eigenvalues', 'eigenvectors')
>>> r.eigenvalues
Array([2.+0.j, 1.+0.j], dtype=complex128)
""",
    "arraykit.linalg.QRResult": """
>>> r = ak.linalg.qr(ak.asarray([[3.0, 0.0], [4.0, 5.0]]))
>>> r._fields
('Q', 'R')
>>> r.Q.shape
(2, 2)
""",
    "arraykit.linalg.SVDResult": """
>>> r = ak.linalg.svd(ak.asarray([[2.0, 0.0], [0.0, 1.0]]))
>>> r._fields
('U', 'S', 'Vh')
>>> r.S
Array([2., 1.], dtype=float64)
""",
    "arraykit.linalg.SlogdetResult": """
>>> r = ak.linalg.slogdet(ak.asarray([[-2.0, 0.0], [0.0, 1.0]]))
>>> r._fields
('sign', 'logabsdet')
>>> r.sign
Array(-1., dtype=float64)
""",
    "arraykit.linalg.LinAlgError": """
>>> try:
...     ak.linalg.inv(ak.zeros((2, 2)))
... except np.linalg.LinAlgError as e:    # NumPy's class catches it
...     print(e)
inv: the matrix is singular
""",
}
