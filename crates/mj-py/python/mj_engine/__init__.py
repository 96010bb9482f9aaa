"""A fast mahjong rules engine from Rust (see the compiled module `mj_engine.mj_engine`).

Everything of the compiled module is re-exported here, so `import mj_engine` works as before;
`mj_engine.env` holds the learning environments (needs `gymnasium` and `pettingzoo`).
"""

from .mj_engine import *  # noqa: F401,F403
from .mj_engine import __doc__, __version__  # noqa: F401
