"""Everything the routes share, created once the server knows its port."""

from .cdn import Avatars
from .counters import Counters
from .fail_next import FailNext
from .fault_injection import FaultInjector
from .file_store import FileStore
from .files_hold import FilesHold, UploadHold
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
        self.uploads = ResumableStore(self.files, self.counters)

    def reset(self):
        """Back to the start: counters, stored token, access tokens, faults, fail-next rules, download and upload holds,
        resumable uploads and cuts, SE quota, and the uploaded files when they live in the server's own temporary folder."""
        self.counters.reset()
        self.tokens.reset()
        self.faults.reset()
        self.fail_next.reset()
        self.files_hold.reset()
        self.upload_hold.reset()
        self.se_state.reset()
        self.uploads.reset()
        self.files.reset()

    def close(self):
        """Removes the server's own temporary files folder."""
        self.files.close()
