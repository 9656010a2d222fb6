"""Everything the routes share, created once the server knows its port."""

from .answer_overrides import AppendLimit, RangeEnd
from .cdn import Avatars
from .counters import Counters
from .fail_next import FailNext
from .fault_injection import FaultInjector
from .file_store import FileStore
from .files_hold import FilesHold, UploadHold
from .otlp_receiver import OTLPStore
from .resumable_store import ResumableStore
from .se_catalog import Catalog
from .stack_exchange import StackExchangeState
from .token_api import TokenState


class App:
    """Shared state; each piece guards itself with its own lock."""

    def __init__(self, base_url, token_lifetime, fault_config, verbose=False, files=None):
        self.base_url = base_url
        self.verbose = verbose
        self.counters = Counters()
        self.tokens = TokenState(token_lifetime)
        self.faults = FaultInjector(fault_config)
        self.fail_next = FailNext()
        self.se_state = StackExchangeState()
        self.catalog = Catalog(base_url)
        self.avatars = Avatars(self.catalog.avatar_names)
        self.files = files or FileStore.temporary()
        self.files_hold = FilesHold()
        self.upload_hold = UploadHold()
        self.range_end = RangeEnd()
        self.append_limit = AppendLimit()
        self.uploads = ResumableStore(self.files, self.counters)
        self.otlp = OTLPStore(self.counters)

    def reset(self):
        """Back to the start: counters, stored token, access tokens, faults, fail-next rules, download and upload holds,
        resumable uploads and cuts, stated range ends and append limits, SE quota, OTLP exports, and the uploaded files when they live in the server's own temporary folder."""
        self.counters.reset()
        self.tokens.reset()
        self.faults.reset()
        self.fail_next.reset()
        self.files_hold.reset()
        self.upload_hold.reset()
        self.range_end.reset()
        self.append_limit.reset()
        self.se_state.reset()
        self.uploads.reset()
        self.otlp.reset()
        self.files.reset()

    def close(self):
        """Removes the server's own temporary files folder."""
        self.files.close()
