"""Everything the routes share, created once the server knows its port."""

from .cdn import Avatars
from .counters import Counters
from .fail_next import FailNext
from .fault_injection import FaultInjector
from .se_catalog import Catalog
from .stack_exchange import StackExchangeState
from .token_api import TokenState


class App:
    """Shared state; each piece guards itself with its own lock."""

    def __init__(self, base_url, token_lifetime, fault_config, verbose=False):
        self.base_url = base_url
        self.verbose = verbose
        self.counters = Counters()
        self.tokens = TokenState(token_lifetime)
        self.faults = FaultInjector(fault_config)
        self.fail_next = FailNext()
        self.se_state = StackExchangeState()
        self.catalog = Catalog(base_url)
        self.avatars = Avatars(self.catalog.avatar_names)

    def reset(self):
        """Back to the start: counters, stored token, access tokens, faults, fail-next rules, SE quota."""
        self.counters.reset()
        self.tokens.reset()
        self.faults.reset()
        self.fail_next.reset()
        self.se_state.reset()
