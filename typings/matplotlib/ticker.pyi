# An optional backend, Any to the type checks of arraykit/ (see typings/README.md).
from typing import Any

def __getattr__(name: str) -> Any: ...
