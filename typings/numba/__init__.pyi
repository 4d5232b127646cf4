# An optional backend (the fast extra), Any to the type checks of arraykit/ but for
# ``njit(**options)``, which keeps the signature of the function it compiles.
from collections.abc import Callable
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])

def njit(**options: Any) -> Callable[[_F], _F]: ...
def __getattr__(name: str) -> Any: ...
