"""Python bindings of libCoffeeShop (include/coffeeshop.h) through ctypes.

    from coffeeshop import Context

    with Context() as shop:
        print(shop.generate("npc", seed=7, count=2))        # a list of dicts
        with shop.session("You are Juno, a barista.", seed=1) as juno:
            print(juno.prompt("How is the coffee?"))

The library is found through COFFEESHOP_LIBRARY (a path) or the system's library search path.
Errors raise CoffeeShopError with the library's status and message.
"""
import ctypes
import ctypes.util
import json
import os

ABI_VERSION = 1
OK, INVALID_ARGUMENT, GENERATION_FAILED = 0, 1, 2

_TOOL_HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p)
_SNAPSHOT_HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)


class CoffeeShopError(Exception):
    """A call the library refused (status 1) or could not complete (status 2)."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def _load():
    path = os.environ.get("COFFEESHOP_LIBRARY") or ctypes.util.find_library("CoffeeShop")
    if not path:
        raise OSError("libCoffeeShop was not found; set COFFEESHOP_LIBRARY to its path")
    lib = ctypes.CDLL(path)
    out = ctypes.POINTER(ctypes.c_void_p)
    declarations = {
        "coffeeshop_abi_version": (ctypes.c_uint32, []),
        "coffeeshop_context_create": (ctypes.c_int32, [ctypes.c_char_p, ctypes.c_char_p, out, out]),
        "coffeeshop_context_destroy": (None, [ctypes.c_void_p]),
        "coffeeshop_last_error": (ctypes.c_char_p, [ctypes.c_void_p]),
        "coffeeshop_string_free": (None, [ctypes.c_void_p]),
        "coffeeshop_generate": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_int32, out]),
        "coffeeshop_generate_schema": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_int32, out]),
        "coffeeshop_session_open": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_char_p,
                                                     _TOOL_HANDLER, ctypes.c_void_p, out]),
        "coffeeshop_session_prompt": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, out]),
        "coffeeshop_session_prompt_streaming": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p,
                                                                 _SNAPSHOT_HANDLER, ctypes.c_void_p, out]),
        "coffeeshop_session_transcript": (ctypes.c_int32, [ctypes.c_void_p, out]),
        "coffeeshop_session_close": (ctypes.c_int32, [ctypes.c_void_p]),
        "coffeeshop_tool_call_return_text": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p]),
        "coffeeshop_tool_call_return_json": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p]),
        "coffeeshop_tool_call_fail": (ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p]),
    }
    for name, (restype, argtypes) in declarations.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    if lib.coffeeshop_abi_version() != ABI_VERSION:
        raise OSError(f"{path} implements ABI {lib.coffeeshop_abi_version()}, these bindings {ABI_VERSION}")
    return lib


_lib = _load()


def _text(value):
    return None if value is None else value.encode("utf-8")


def _take(pointer):
    """The library's string at `pointer` as str, freed."""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8")
    finally:
        _lib.coffeeshop_string_free(pointer)


class Context:
    """Content and a model: "procedural" (default), a GGUF file, or a server URL."""

    def __init__(self, content_dir=None, model=None):
        handle, error = ctypes.c_void_p(), ctypes.c_void_p()
        status = _lib.coffeeshop_context_create(_text(content_dir), _text(model), ctypes.byref(handle), ctypes.byref(error))
        if status != OK:
            raise CoffeeShopError(status, _take(error))
        self._handle = handle

    def _check(self, status):
        if status != OK:
            raise CoffeeShopError(status, _lib.coffeeshop_last_error(self._handle).decode("utf-8"))

    def _result(self, call, *arguments):
        out = ctypes.c_void_p()
        self._check(call(*arguments, ctypes.byref(out)))
        return _take(out)

    def generate(self, kind, seed=0, count=1):
        """`count` items of "npc", "riddle" or "dialog", as Python values."""
        return json.loads(self._result(_lib.coffeeshop_generate, self._handle, _text(kind), seed, count))

    def generate_schema(self, schema, seed=0, count=1):
        """`count` values of a JSON Schema (a dict or JSON text)."""
        text = schema if isinstance(schema, str) else json.dumps(schema)
        return json.loads(self._result(_lib.coffeeshop_generate_schema, self._handle, _text(text), seed, count))

    def session(self, instructions=None, seed=0, tools=None):
        """A session; `tools` maps a name to (description, parameters schema, function of the arguments dict)."""
        return Session(self, instructions, seed, tools or {})

    def close(self):
        if self._handle:
            _lib.coffeeshop_context_destroy(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()


class Session:
    """A conversation; a tool function's return value is said as text (str) or as JSON (anything else)."""

    def __init__(self, context, instructions, seed, tools):
        self._context = context
        self._tools = tools
        declared = [{"name": name, "description": description, "parameters": parameters}
                    for name, (description, parameters, _) in tools.items()]
        self._handler = _TOOL_HANDLER(self._run_tool)  # kept: the library calls it until the session closes
        handle = ctypes.c_void_p()
        context._check(_lib.coffeeshop_session_open(context._handle, _text(instructions), seed,
                                                    _text(json.dumps(declared)) if tools else None,
                                                    self._handler, None, ctypes.byref(handle)))
        self._handle = handle

    def _run_tool(self, _user_data, name, arguments, call):
        try:
            result = self._tools[name.decode("utf-8")][2](json.loads(arguments.decode("utf-8")))
            if isinstance(result, str):
                _lib.coffeeshop_tool_call_return_text(call, _text(result))
            else:
                _lib.coffeeshop_tool_call_return_json(call, _text(json.dumps(result)))
        except Exception as error:  # a Python exception must not unwind through C
            _lib.coffeeshop_tool_call_fail(call, _text(f"{type(error).__name__}: {error}"))

    def prompt(self, text, schema=None, on_snapshot=None):
        """The reply: text, or a Python value when `schema` is given; `on_snapshot` gets each partial reply."""
        schema_text = None if schema is None else _text(schema if isinstance(schema, str) else json.dumps(schema))
        if on_snapshot is None:
            reply = self._context._result(_lib.coffeeshop_session_prompt, self._handle, _text(text), schema_text)
        else:
            handler = _SNAPSHOT_HANDLER(lambda _user_data, content: on_snapshot(content.decode("utf-8")))
            reply = self._context._result(_lib.coffeeshop_session_prompt_streaming, self._handle, _text(text), schema_text,
                                          handler, None)
        return reply if schema is None else json.loads(reply)

    def transcript(self):
        return json.loads(self._context._result(_lib.coffeeshop_session_transcript, self._handle))

    def close(self):
        if self._handle:
            status = _lib.coffeeshop_session_close(self._handle)
            self._handle = None
            self._context._check(status)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()
