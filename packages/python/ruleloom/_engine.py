"""The Node engine process and its binary, batched protocol.

One :class:`Engine` is one ``node <cli>/dist/bin.js engine --stdio`` child process that hosts
many games at once. The engine first writes a greeting (``RULELOOM`` then the protocol version,
``u32`` LE); then frames are a little-endian ``u32`` length then the body, at most the frame
size agreed at ``hello``; the body's first byte is an opcode (mirrors
``packages/engine-bridge/src/protocol.ts``). Nothing the engine sends is trusted: a wrong greeting,
a length above the agreed size (refused before anything is allocated), garbage, an end or a
stall in the middle of a frame all raise a :class:`~ruleloom.errors.RuleloomError` within
seconds, with the end of the engine's stderr.
"""

from __future__ import annotations

import atexit
import collections
import json
import os
import select
import shutil
import struct
import subprocess
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

import numpy as np

from .errors import (
    EngineCrashed,
    EngineError,
    EngineLimitError,
    EngineProtocolError,
    EngineTimeout,
    GameOverError,
    IllegalActionError,
    RuleloomError,
    UndoError,
)

OP_ERROR = 0
OP_JSON = 1
OP_STEP = 2
OP_RESET = 3
OP_OBSERVE = 4

MASK_DENSE = 0
MASK_SPARSE = 1
MASK_NONE = 2

FLAG_ENDED = 1
FLAG_RESET = 2

PROTOCOL_VERSION = 2

#: The engine's greeting: these 8 bytes, then the protocol version (``u32`` LE).
MAGIC = b"RULELOOM"
#: The largest frame body either side accepts unless ``hello`` agrees on less (16 MiB).
DEFAULT_MAX_FRAME = 16 * 1024 * 1024
#: Seconds to wait for the engine's greeting and ``hello`` answer.
DEFAULT_START_TIMEOUT = 30.0
#: Seconds a reply may stop in the middle of a frame before the engine is given up.
DEFAULT_STALL_TIMEOUT = 10.0

_HEADER = struct.Struct("<BBHII")  # op, mask mode, 0, group, n/env
_U32 = struct.Struct("<I")


def _default_cli() -> Optional[Path]:
    """The repository's build of the CLI, when this package is used from (or installed from) the repo."""
    here = Path(__file__).resolve()
    candidates = [p / "packages" / "cli" / "dist" / "bin.js" for p in here.parents]
    try:
        from . import _build_info  # written at install time: the repository the package came from

        candidates.insert(0, Path(_build_info.REPO) / "packages" / "cli" / "dist" / "bin.js")
    except ImportError:
        pass
    for c in candidates:
        if c.is_file():
            return c
    return None


def find_cli(cli: Optional[str | os.PathLike[str]] = None) -> Path:
    """Where the engine's ``bin.js`` is: the argument, ``$RULELOOM_CLI``, or the repository's build."""
    chosen = cli or os.environ.get("RULELOOM_CLI")
    if chosen:
        path = Path(chosen)
        if not path.is_file():
            raise RuleloomError(f"the Ruleloom CLI {str(path)!r} does not exist (RULELOOM_CLI or cli=)")
        return path
    found = _default_cli()
    if found is None:
        raise RuleloomError(
            "cannot find the Ruleloom engine: build the repository (pnpm run build) or set "
            "RULELOOM_CLI to the path of packages/cli/dist/bin.js"
        )
    return found


def find_node(node: Optional[str] = None) -> str:
    chosen = node or os.environ.get("RULELOOM_NODE") or shutil.which("node")
    if not chosen:
        raise RuleloomError("cannot find node (Node.js 20+): put it on PATH or set RULELOOM_NODE")
    return chosen


_LIVE: "weakref.WeakSet[Engine]" = weakref.WeakSet()

_DEFAULT_SPIN_US = 200.0

_yield_cpu = getattr(os, "sched_yield", lambda: None)


def _spin_us() -> float:
    try:
        value = float(os.environ.get("RULELOOM_SPIN_US", _DEFAULT_SPIN_US))
    except ValueError:
        return _DEFAULT_SPIN_US
    return min(max(value, 0.0), 10_000.0) if value == value else _DEFAULT_SPIN_US

_F_SETPIPE_SZ = 1031  # Linux: a pipe's capacity; bigger pipes mean fewer switches for big batches


def _grow_pipes(proc: subprocess.Popen[bytes]) -> None:
    try:
        import fcntl

        limit = int(Path("/proc/sys/fs/pipe-max-size").read_text())
        for stream in (proc.stdin, proc.stdout):
            fcntl.fcntl(stream.fileno(), _F_SETPIPE_SZ, min(limit, 1 << 20))  # type: ignore[union-attr]
    except (ImportError, OSError, ValueError):
        pass  # not Linux, or not allowed: the default capacity works, a little slower


@atexit.register
def _close_all() -> None:
    for engine in list(_LIVE):
        engine.close()


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        try:
            proc.stdin.close()  # type: ignore[union-attr]
        except Exception:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _drain(stream: Any, lines: "collections.deque[str]") -> None:
    try:
        for line in iter(stream.readline, b""):
            lines.append(line.decode("utf8", "replace").rstrip())
    except (OSError, ValueError):
        pass


@dataclass
class Batch:
    """One reply of a reset/step/observe: arrays of ``n`` games (views into the reply's bytes)."""

    seats: np.ndarray  # int32 (n,): the seat Python must decide for, -1 when the game is over, -2 at a chance node (chance_nodes groups)
    flags: np.ndarray  # uint8 (n,): FLAG_ENDED, FLAG_RESET
    rewards: np.ndarray  # float32 (n, players): final rewards when FLAG_ENDED
    obs: np.ndarray  # float32 (n, obs_size)
    mask: Optional[np.ndarray]  # uint8 (n, action_size) in dense mode
    legal: Optional[list[np.ndarray]]  # int32 index lists in sparse mode


def parse_batch(body: bytes | memoryview) -> Batch:
    """Reads a batch reply, checking that its sections fit in it (else :class:`EngineProtocolError`)."""
    if len(body) < 20:
        raise EngineProtocolError(f"the engine sent a batch reply of {len(body)} bytes, shorter than its header")
    op, mode, _z, n, players, obs_size, action_size = struct.unpack_from("<BBHIIII", body, 0)
    need = batch_bytes(n, players, obs_size, action_size, mode) if mode in (0, 1, 2) else -1
    if op != OP_STEP or need < 0 or len(body) < need:
        raise EngineProtocolError(
            f"the engine sent a malformed batch reply (op {op}, mask mode {mode}, {n} games, "
            f"{len(body)} bytes for at least {need})"
        )
    if mode == MASK_SPARSE:
        counts = np.frombuffer(body, np.int32, n, need - 4 * n)
        if (counts < 0).any() or len(body) != need + 4 * int(counts.sum()):
            raise EngineProtocolError("the engine sent a batch reply whose sparse index lists do not fit")
    at = 20
    seats = np.frombuffer(body, np.int32, n, at)
    at += 4 * n
    flags = np.frombuffer(body, np.uint8, n, at)
    at += (n + 3) & ~3
    rewards = np.frombuffer(body, np.float32, n * players, at).reshape(n, players)
    at += 4 * n * players
    obs = np.frombuffer(body, np.float32, n * obs_size, at).reshape(n, obs_size)
    at += 4 * n * obs_size
    mask = None
    legal = None
    if mode == MASK_DENSE:
        mask = np.frombuffer(body, np.uint8, n * action_size, at).reshape(n, action_size)
    elif mode == MASK_SPARSE:
        counts = np.frombuffer(body, np.int32, n, at)
        at += 4 * n
        flat = np.frombuffer(body, np.int32, int(counts.sum()), at)
        legal = np.split(flat, np.cumsum(counts)[:-1]) if n > 1 else [flat]
    return Batch(seats, flags, rewards, obs, mask, legal)


class Engine:
    """A long-lived Node engine process (``ruleloom engine --stdio``) hosting many games.

    ``spin_us`` (default ``$RULELOOM_SPIN_US`` or 200) is how long a read polls for the reply
    before it sleeps; 0 always sleeps (less CPU, more latency per round trip).

    It ends when this object is closed, garbage-collected, or Python exits (the engine also
    exits by itself when its stdin closes, so a killed Python leaves no process behind).

    Limits and deadlines (none of them ever lets a read hang on a broken engine):

    - ``max_frame`` (default 16 MiB): the largest frame this side accepts or sends; ``hello``
      agrees on the smaller of it and the engine's own. A longer length prefix from the engine
      raises :class:`~ruleloom.errors.EngineProtocolError` before anything is allocated.
    - ``max_games``: ask the engine to host at most this many games at once (the engine's own
      cap, 4096 unless started otherwise, still applies); more raise
      :class:`~ruleloom.errors.EngineLimitError`.
    - ``timeout`` (default None: as long as the engine process lives): seconds to wait for a
      reply to start; ``stall_timeout`` (default 10): seconds a reply may stop mid-frame;
      ``start_timeout`` (default 30): seconds for the greeting and ``hello``. Past any of them:
      :class:`~ruleloom.errors.EngineTimeout`, and the engine is closed.
    """

    def __init__(
        self,
        cli: Optional[str | os.PathLike[str]] = None,
        node: Optional[str] = None,
        spin_us: Optional[float] = None,
        *,
        max_frame: int = DEFAULT_MAX_FRAME,
        max_games: Optional[int] = None,
        timeout: Optional[float] = None,
        stall_timeout: float = DEFAULT_STALL_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
    ):
        if not isinstance(max_frame, int) or max_frame < 64:
            raise RuleloomError(f"max_frame must be a whole number of bytes of at least 64, not {max_frame!r}")
        if max_games is not None and (not isinstance(max_games, int) or max_games < 1):
            raise RuleloomError(f"max_games must be a positive whole number, not {max_games!r}")
        #: The largest frame body accepted and sent (the engine's answer to ``hello`` may lower it).
        self.max_frame = max_frame
        self.timeout = None if timeout is None else float(timeout)
        self.stall_timeout = float(stall_timeout)
        self.cli = find_cli(cli)
        self.node = find_node(node)
        self._proc: Optional[subprocess.Popen[bytes]] = subprocess.Popen(
            [self.node, str(self.cli), "engine", "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
        )
        self.pid = self._proc.pid
        _grow_pipes(self._proc)
        self._finalizer = weakref.finalize(self, _kill, self._proc)
        self._lock = threading.Lock()
        #: Groups to close at the next create or clone (see :meth:`release`).
        self._released: collections.deque[int] = collections.deque()
        # Drain the engine's stderr (so it can never fill the pipe and block the engine),
        # keeping the last lines for the message of a crash.
        self._stderr: collections.deque[str] = collections.deque(maxlen=40)
        threading.Thread(target=_drain, args=(self._proc.stderr, self._stderr), daemon=True).start()
        self._in = self._proc.stdout
        self._out = self._proc.stdin
        # Replies are read from a non-blocking pipe: polled in a loop for a while, then waited
        # for with poll() (see _read).
        # (Where select.poll does not exist the pipe stays blocking and nothing polls.)
        self._readinto = self._in.readinto  # type: ignore[union-attr]
        self._poll = select.poll() if hasattr(select, "poll") else None
        if self._poll is not None:
            os.set_blocking(self._in.fileno(), False)  # type: ignore[union-attr]
            self._poll.register(self._in.fileno(), select.POLLIN)  # type: ignore[union-attr]
        self._spin_ns = int(1000 * (_spin_us() if spin_us is None else max(0.0, float(spin_us))))
        if self._poll is None:
            self._spin_ns = 0
        self._skip = 0
        self._backoff = 1
        #: How many reads had to block (sleep until the engine answered) rather than finding the
        #: reply while polling: a figure for benchmarks.
        self.blocked = 0
        _LIVE.add(self)
        self._greet(float(start_timeout))
        command: dict[str, Any] = {"cmd": "hello", "protocol": PROTOCOL_VERSION, "maxFrame": max_frame}
        if max_games is not None:
            command["maxGames"] = max_games
        reply_timeout = self.timeout
        self.timeout = float(start_timeout) if reply_timeout is None else min(reply_timeout, float(start_timeout))
        try:
            hello = self.request(command)
        finally:
            self.timeout = reply_timeout
        agreed = hello.get("maxFrame") if isinstance(hello, dict) else None
        if (
            not isinstance(hello, dict)
            or hello.get("protocol") != PROTOCOL_VERSION
            or not isinstance(agreed, int)
            or not 64 <= agreed <= max_frame
        ):
            raise self._protocol_error(f"the engine answered hello with {str(hello)[:200]!r}")
        self.max_frame = agreed
        #: How many games the engine hosts at most (over every group of this engine).
        self.max_games: Optional[int] = hello.get("maxGames") if isinstance(hello.get("maxGames"), int) else None
        self.info = hello

    def _greet(self, timeout: float) -> None:
        """Reads and checks the engine's greeting (the magic, then the protocol version)."""
        greeting = bytearray(len(MAGIC) + 4)
        view = memoryview(greeting)
        got = 0
        while got < len(greeting):
            n = self._read(view[got:], timeout)
            if not n:
                if got == 0:
                    raise self._crashed()
                break
            got += n
            if greeting[: min(got, len(MAGIC))] != MAGIC[: min(got, len(MAGIC))]:
                break  # garbage: no need to wait for the rest
        if got < len(greeting) or greeting[: len(MAGIC)] != MAGIC:
            raise self._protocol_error(
                f"the engine did not start with the Ruleloom greeting {MAGIC!r}: it sent {bytes(greeting[:got])!r}"
                f"{' and ended' if got < len(greeting) else ''} (is {str(self.cli)!r} the Ruleloom CLI, and does "
                "anything print to its stdout?)",
                wait=got < len(greeting),
            )
        version = _U32.unpack_from(greeting, len(MAGIC))[0]
        if version != PROTOCOL_VERSION:
            raise self._protocol_error(
                f"the engine speaks protocol {version}, this package {PROTOCOL_VERSION}: "
                "use the engine and the Python package of the same Ruleloom build"
            )

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def close(self) -> None:
        """Stops the engine process (idempotent)."""
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        _kill(proc)
        self._finalizer.detach()
        for stream in (proc.stdout,):
            try:
                stream.close()  # type: ignore[union-attr]
            except Exception:
                pass

    def __deepcopy__(self, memo: dict[int, Any]) -> "Engine":
        return self  # a handle on a process: copies share it (gymnasium.make copies its kwargs)

    def __copy__(self) -> "Engine":
        return self

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- frames -----------------------------------------------------------------------------
    def _stderr_tail(self) -> str:
        detail = "\n".join(self._stderr).strip()
        return f"; the engine's stderr ends: {detail[-2000:]}" if detail else ""

    def _crashed(self, where: str = "") -> EngineCrashed:
        proc = self._proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
            time.sleep(0.05)  # let the drain thread take the last lines
            self.close()
        message = f"the Ruleloom engine process ended unexpectedly (exit code {code}){where}"
        detail = "\n".join(self._stderr).strip()
        if detail:
            message += f": {detail[-2000:]}"
        return EngineCrashed(message)

    def _give_up(self, wait: bool) -> None:
        """Closes an engine whose output can no longer be trusted (after a moment for its last
        stderr lines, when it may be ending by itself)."""
        proc = self._proc
        if proc is not None and wait:
            try:
                proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
            time.sleep(0.05)  # let the drain thread take the last lines
            self.close()

    def _protocol_error(self, message: str, wait: bool = True) -> EngineProtocolError:
        """The error for output that is not the protocol; the engine is closed."""
        self._give_up(wait)
        return EngineProtocolError(message + self._stderr_tail())

    def _timed_out(self, message: str) -> EngineTimeout:
        self._give_up(False)
        return EngineTimeout(message + self._stderr_tail())

    def _read(self, view: memoryview, timeout: Optional[float]) -> int:
        """Reads what the engine has sent into ``view`` (0 at the end of its output). The pipe is
        non-blocking: first poll it in a loop for up to ``spin_us`` microseconds (a step's reply
        usually comes sooner, and then this process never sleeps, so no wake-up latency), then
        block in ``poll()``. After a spin that found nothing, the next few reads skip the spin
        (doubling up to 64), so a slow engine (a big batch) costs little spinning.

        ``timeout`` (seconds, None: no limit) bounds the wait: past it, :class:`EngineTimeout`.
        While it waits it checks every second that the engine process still lives."""
        n = self._readinto(view)
        if n is not None:
            return n
        if self._skip > 0:
            self._skip -= 1
        elif self._spin_ns > 0:
            readinto = self._readinto
            clock = time.perf_counter_ns
            yield_cpu = _yield_cpu  # lets the engine run first if it waits for this CPU
            deadline = clock() + self._spin_ns
            while clock() < deadline:
                yield_cpu()
                n = readinto(view)
                if n is not None:
                    self._backoff = 1
                    return n
            self._skip = self._backoff
            self._backoff = min(self._backoff * 2, 64)
        self.blocked += 1
        poll = self._poll
        if poll is None:
            return self._readinto(view) or 0  # a blocking pipe (no select.poll): no deadline
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait_ms = 1000
            if deadline is not None:
                wait_ms = max(0, min(wait_ms, int((deadline - time.monotonic()) * 1000) + 1))
            if not poll.poll(wait_ms):
                if deadline is not None and time.monotonic() >= deadline:
                    raise self._timed_out(f"the Ruleloom engine sent nothing for {timeout:g} s")
                proc = self._proc
                if proc is None or proc.poll() is not None:
                    return 0  # it ended (and something else holds its stdout open)
                continue
            n = self._readinto(view)
            if n is not None:
                return n

    def _receive(self, expected: int) -> memoryview:
        """Reads one reply frame and returns its body. ``expected`` is the frame's likely size
        (length prefix included): when right, the frame arrives in one read, into one buffer
        that the returned arrays view without a copy."""
        buffer = bytearray(max(expected, 8))
        view = memoryview(buffer)
        read = self._read
        n = read(view, self.timeout)
        if not n:
            raise self._crashed()
        got = n
        while got < 4:
            n = read(view[got:], self.stall_timeout)
            if not n:
                raise self._crashed(f" in the middle of a frame ({got} of its 4 length bytes came)")
            got += n
        length = _U32.unpack_from(buffer, 0)[0]
        if length == 0 or length > self.max_frame:
            raise self._protocol_error(
                f"the engine sent a frame length of {length} bytes (the agreed maximum is {self.max_frame}; "
                f"its first bytes: {bytes(buffer[: min(got, 16)])!r}): its output is not the protocol"
            )
        total = 4 + length
        if got > total:
            raise self._protocol_error(
                f"the engine sent {got - total} bytes after its reply (its next bytes: "
                f"{bytes(buffer[total : min(got, total + 16)])!r}): its output is not the protocol"
            )
        if total > len(buffer):
            bigger = bytearray(total)
            bigger[:got] = view[:got]
            buffer, view = bigger, memoryview(bigger)
        while got < total:
            n = read(view[got:total], self.stall_timeout)
            if not n:
                raise self._crashed(f" in the middle of a frame ({got} of its {total} bytes came)")
            got += n
        return view[4:total]

    def _too_large(self, size: int) -> EngineLimitError:
        return EngineLimitError(
            "frame_too_large",
            f"a request of {size} bytes is larger than the agreed maximum frame of {self.max_frame} bytes "
            "(Engine(max_frame=...) and the engine's --max-frame): send smaller batches",
        )

    def exchange(self, frame: bytes | bytearray, expected: int = 4096, op: int = OP_STEP) -> memoryview:
        """Sends one frame (without its length prefix) and returns the reply's body (an ``op``
        reply; an error reply raises)."""
        if self._proc is None:
            raise EngineCrashed("the Ruleloom engine is closed")
        if len(frame) > self.max_frame:
            raise self._too_large(len(frame))
        with self._lock:
            try:
                data = memoryview(_U32.pack(len(frame)) + frame)
                write = self._out.write  # type: ignore[union-attr]
                while len(data) > 0:
                    data = data[write(data) :]
            except (BrokenPipeError, OSError, ValueError):
                raise self._crashed() from None
            body = self._receive(expected)
        if body[0] != op:
            self._raise(body, op)
        return body

    def exchange_prefixed(self, frame: bytearray, expected: int) -> memoryview:
        """:meth:`exchange` for a frame whose first 4 bytes already hold its body's length (the
        hot path: no concatenation)."""
        if self._proc is None:
            raise EngineCrashed("the Ruleloom engine is closed")
        if len(frame) - 4 > self.max_frame:
            raise self._too_large(len(frame) - 4)
        with self._lock:
            try:
                written = self._out.write(frame)  # type: ignore[union-attr]
                if written != len(frame):
                    data = memoryview(frame)[written:]
                    while len(data) > 0:
                        data = data[self._out.write(data) :]  # type: ignore[union-attr]
            except (BrokenPipeError, OSError, ValueError):
                raise self._crashed() from None
            body = self._receive(expected)
        if body[0] != OP_STEP:
            self._raise(body, OP_STEP)
        if len(body) != expected - 4:
            raise EngineProtocolError(
                f"the engine sent a batch reply of {len(body)} bytes where {expected - 4} were due"
            )
        return body

    @staticmethod
    def _raise(body: memoryview, expected_op: int) -> None:
        """Raises for a reply that is not the ``expected_op`` the request called for: the engine's
        error (a :class:`RuleloomError` subclass by its code), or a protocol error."""
        if body[0] != OP_ERROR:
            raise EngineProtocolError(
                f"the engine answered with opcode {body[0]} where {expected_op} was due (first bytes "
                f"{bytes(body[:16])!r})"
            )
        try:
            error = json.loads(bytes(body[1:]).decode("utf8"))
        except (UnicodeDecodeError, ValueError):
            error = None
        code = error.get("code") if isinstance(error, dict) else None
        message = error.get("message", "") if isinstance(error, dict) else None
        if not isinstance(code, str) or not isinstance(message, str):
            raise EngineProtocolError(
                f"the engine sent a malformed error reply (JSON {{code, message}} expected): {bytes(body[1:201])!r}"
            )
        if code == "game_over":
            raise GameOverError(message)
        if code in ("illegal_action", "malformed_action", "chance_node", "not_chance_node", "invalid_chance_outcome"):
            raise IllegalActionError(code, message)
        if code in UndoError.CODES:
            raise UndoError(code, message)
        if code in ("too_many_games", "frame_too_large", "reply_too_large"):
            raise EngineLimitError(code, message)
        raise EngineError(code, message)

    def request(self, command: dict[str, Any]) -> Any:
        """A JSON command and its JSON answer."""
        body = self.exchange(bytes([OP_JSON]) + json.dumps(command).encode("utf8"), op=OP_JSON)
        try:
            return json.loads(bytes(body[1:]).decode("utf8"))
        except (UnicodeDecodeError, ValueError):
            raise EngineProtocolError(
                f"the engine answered {command.get('cmd')!r} with a JSON frame that is not JSON: {bytes(body[1:201])!r}"
            ) from None

    def create(self, setup: dict[str, Any]) -> dict[str, Any]:
        self._close_released()
        return self.request({"cmd": "create", "setup": setup})

    def clone(self, group: int, env: int = 0, num: int = 1) -> dict[str, Any]:
        """A new group of ``num`` independent copies of game ``env`` of ``group`` at its state (no
        replay); the engine's answer describes it (``group`` is its id). Copies count against the
        engine's game cap (:class:`~ruleloom.errors.EngineLimitError` beyond it)."""
        self._close_released()
        return self.request({"cmd": "clone", "group": int(group), "env": int(env), "num": int(num)})

    def release(self, group: int) -> None:
        """Closes ``group`` at this engine's next ``create`` or ``clone`` (safe from a garbage
        collector's finalizer, which may run in the middle of a request)."""
        self._released.append(group)

    def _close_released(self) -> None:
        while self._released:
            self.close_group(self._released.popleft())

    def step(self, group: int, actions: np.ndarray, mode: int) -> Batch:
        a = np.ascontiguousarray(actions, dtype="<i4")
        return parse_batch(self.exchange(_HEADER.pack(OP_STEP, mode, 0, group, a.shape[0]) + a.tobytes()))

    def step_one(self, group: int, action: int, mode: int) -> Batch:
        return parse_batch(self.exchange(_HEADER.pack(OP_STEP, mode, 0, group, 1) + struct.pack("<i", action)))

    def reset(self, group: int, seeds: Sequence[float], mode: int) -> Batch:
        s = np.asarray(seeds, dtype="<f8")
        return parse_batch(self.exchange(_HEADER.pack(OP_RESET, mode, 0, group, s.shape[0]) + s.tobytes()))

    def observe(self, group: int, env: int, seat: int, mode: int) -> Batch:
        return parse_batch(self.exchange(_HEADER.pack(OP_OBSERVE, mode, 0, group, env) + struct.pack("<i", seat)))

    def game(self, group: int, env: int, method: str, *args: Any) -> Any:
        return self.request({"cmd": "game", "group": group, "env": env, "method": method, "args": list(args)})

    def close_group(self, group: int) -> None:
        if self.alive:
            try:
                self.request({"cmd": "close", "group": group})
            except RuleloomError:
                pass


def batch_bytes(n: int, players: int, obs_size: int, action_size: int, mode: int) -> int:
    """Bytes of a batch reply's body without a sparse index list (``batchFixedBytes`` in protocol.ts)."""
    mask = (n * action_size + 3) & ~3 if mode == MASK_DENSE else 4 * n if mode == MASK_SPARSE else 0
    return 20 + 4 * n + ((n + 3) & ~3) + 4 * n * players + 4 * n * obs_size + mask


class SingleGame:
    """The hot path for one game of a group (the AEC and Gymnasium environments): requests
    built once and patched in place, dense-mask replies of a known size read in one go into a
    fresh buffer, and the sections at fixed offsets (``seat_at``, ``flags_at``, ``rewards_at``,
    ``obs_at``, ``mask_at``) for ``numpy.frombuffer`` views without copies."""

    __slots__ = ("engine", "expected", "_step", "_reset", "_observe", "rewards_at", "obs_at", "mask_at")

    seat_at = 20
    flags_at = 24

    def __init__(self, engine: Engine, group: int, players: int, obs_size: int, action_size: int):
        self.engine = engine
        self.expected = 4 + batch_bytes(1, players, obs_size, action_size, MASK_DENSE)
        self.rewards_at = 28
        self.obs_at = 28 + 4 * players
        self.mask_at = self.obs_at + 4 * obs_size
        self._step = bytearray(20)
        struct.pack_into("<IBBHII", self._step, 0, 16, OP_STEP, MASK_DENSE, 0, group, 1)
        self._reset = bytearray(24)
        struct.pack_into("<IBBHII", self._reset, 0, 20, OP_RESET, MASK_DENSE, 0, group, 1)
        self._observe = bytearray(20)
        struct.pack_into("<IBBHII", self._observe, 0, 16, OP_OBSERVE, MASK_DENSE, 0, group, 0)

    def step(self, action: int) -> memoryview:
        _I32.pack_into(self._step, 16, action)
        return self.engine.exchange_prefixed(self._step, self.expected)

    def reset(self, seed: float) -> memoryview:
        _F64.pack_into(self._reset, 16, seed)
        return self.engine.exchange_prefixed(self._reset, self.expected)

    def observe(self, seat: int) -> memoryview:
        _I32.pack_into(self._observe, 16, seat)
        return self.engine.exchange_prefixed(self._observe, self.expected)


_I32 = struct.Struct("<i")
_F64 = struct.Struct("<d")

_shared: Optional[Engine] = None
_shared_lock = threading.Lock()


def shared_engine() -> Engine:
    """The process-wide engine that environments use unless given one (started on first use)."""
    global _shared
    with _shared_lock:
        if _shared is None or not _shared.alive:
            _shared = Engine()
        return _shared
