"""Peer comparison for guided-bench: jsf (a Python JSON Schema faker) on the same JSONSchemaBench
folders and the same NPC schema, checked with the `jsonschema` validator, side by side with our
figures (read from `guided-bench --tsv`). Run through scripts/bench-peer.sh, which makes the
throwaway environment this needs; it is a test-time tool, never a dependency of the package.
"""
import argparse
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time

FOLDERS = ["Glaiveai2K", "Github_easy", "Github_medium", "Snowplow", "WashingtonPost", "Handwritten", "Synthesized"]


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


def validator_for(schema):
    """A jsonschema validator for the schema's declared draft (2020-12 when none), asserting
    every format the installed checkers know (our validator asserts the known formats too)."""
    import jsonschema
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def measure_schema(path, instances, seconds):
    """jsf's figures for one benchmark file, in a worker process (see main)."""
    from jsf import JSF
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    schema = document["schema"]
    result = {"covered": False, "generated": 0, "valid": 0, "unchecked": 0, "seconds": 0.0, "labels": 0, "agreed": 0}
    signal.signal(signal.SIGALRM, _alarm)
    generated = []
    random.seed(1)
    signal.alarm(seconds)
    try:
        start = time.perf_counter()
        faker = JSF(schema)
        for _ in range(instances):
            generated.append(faker.generate())
        result["seconds"] = time.perf_counter() - start
        result["covered"] = True
    except (Exception, Timeout, RecursionError):
        generated = []
    finally:
        signal.alarm(0)
    signal.alarm(seconds)
    try:
        validator = validator_for(schema)
        for instance in generated:
            result["generated"] += 1
            try:
                result["valid"] += validator.is_valid(instance)
            except (Exception, Timeout, RecursionError):
                result["unchecked"] += 1
        for test in document.get("tests", []):
            if "data" not in test:
                continue
            result["labels"] += 1
            try:
                result["agreed"] += validator.is_valid(test["data"]) == bool(test.get("valid"))
            except (Exception, Timeout, RecursionError):
                pass
    except (Exception, Timeout, RecursionError):
        result["unchecked"] += len(generated) - result["generated"]
        result["generated"] = len(generated)
    finally:
        signal.alarm(0)
    return result


def measure_folder(data, folder, instances, seconds):
    directory = os.path.join(data, folder)
    names = sorted(name for name in os.listdir(directory) if name.endswith(".json"))
    total = {"schemas": len(names), "covered": 0, "generated": 0, "valid": 0, "unchecked": 0, "seconds": 0.0,
             "labels": 0, "agreed": 0}
    pool = multiprocessing.Pool(1)
    for name in names:
        try:
            result = pool.apply_async(measure_schema, (os.path.join(directory, name), instances, seconds)).get(4 * seconds)
        except multiprocessing.TimeoutError:
            # Stuck in C code (a regex, say) where the alarm cannot interrupt it: not covered.
            pool.terminate()
            pool = multiprocessing.Pool(1)
            continue
        total["covered"] += result["covered"]
        for key in ("generated", "valid", "unchecked", "seconds", "labels", "agreed"):
            total[key] += result[key]
    pool.terminate()
    return total


def npc_throughput(schema, count):
    """Single-threaded jsf instances/s on the NPC schema: generation alone, then with json.dumps."""
    from jsf import JSF
    faker = JSF(schema)
    validator = validator_for(schema)
    sample = [faker.generate() for _ in range(1000)]
    valid = sum(validator.is_valid(instance) for instance in sample)
    start = time.perf_counter()
    for _ in range(count):
        faker.generate()
    generate = count / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(count):
        json.dumps(faker.generate(), separators=(",", ":"))
    serialise = count / (time.perf_counter() - start)
    return generate, serialise, valid, len(sample)


def ours(binary, data):
    """Our figures, from guided-bench's tab-separated output."""
    output = subprocess.run([binary, "--tsv", "--data", data], check=False, capture_output=True, text=True)
    if output.returncode not in (0, 1):
        sys.exit(f"bench_peer: {binary} failed: {output.stderr.strip()}")
    folders, throughput = {}, {}
    for line in output.stdout.splitlines():
        fields = line.split("\t")
        if fields[0] == "maskbench":
            keys = ["schemas", "accepted", "valid", "generated", "agreed", "labels"]
            folders[fields[1]] = dict(zip(keys, map(int, fields[2:8])), rate=float(fields[9]))
        elif fields[0] == "throughput":
            throughput[fields[1]] = float(fields[4])
    return folders, throughput


def percent(part, whole):
    if whole == 0:
        return "–"
    return "100%" if part == whole else f"{min(99.9, 100 * part / whole):.1f}%"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", required=True, help="path of the release guided-bench binary")
    parser.add_argument("--data", required=True, help="JSONSchemaBench root")
    parser.add_argument("--instances", type=int, default=10, help="jsf instances per schema (default 10)")
    parser.add_argument("--timeout", type=int, default=5, help="seconds per schema for jsf (default 5)")
    parser.add_argument("--npc-count", type=int, default=20000, help="jsf NPC instances per timing (default 20000)")
    args = parser.parse_args()

    import jsf, jsonschema  # noqa: F401  (fail early with a clear import error)
    from importlib.metadata import version
    npc_schema = json.loads(subprocess.run([args.ours, "--print-npc-schema"], check=True, capture_output=True, text=True).stdout)
    formats = sorted(validator_for({}).format_checker.checkers)
    print(f"jsf {version('jsf')}, jsonschema {version('jsonschema')} asserting formats: {', '.join(formats)}", file=sys.stderr)

    print("Running guided-bench ...", file=sys.stderr)
    our_folders, our_throughput = ours(args.ours, args.data)
    rows = []
    totals = {}
    for folder in FOLDERS:
        print(f"jsf on {folder} ...", file=sys.stderr)
        peer = measure_folder(args.data, folder, args.instances, args.timeout)
        rows.append((folder, our_folders.get(folder), peer))
        for key, value in peer.items():
            totals[key] = totals.get(key, 0) + value
    rows.append(("**All**", our_folders.get("All"), totals))

    print("| Folder | Coverage (ours) | Coverage (jsf) | Compliance (ours) | Compliance (jsf) "
          "| Agreement (ours) | Agreement (jsonschema) | Instances/s (ours) | Instances/s (jsf) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for folder, mine, peer in rows:
        peer_rate = peer["generated"] / peer["seconds"] if peer["seconds"] else 0
        print(f"| {folder} | {percent(mine['accepted'], mine['schemas'])} | {percent(peer['covered'], peer['schemas'])} "
              f"| {percent(mine['valid'], mine['generated'])} | {percent(peer['valid'], peer['generated'])} "
              f"| {percent(mine['agreed'], mine['labels'])} | {percent(peer['agreed'], peer['labels'])} "
              f"| {mine['rate']:,.0f} | {peer_rate:,.0f} |")
    unchecked = totals["unchecked"]
    if unchecked:
        print(f"\n{unchecked} jsf instances could not be checked (validator error or timeout) and count as not compliant.")

    generate, serialise, valid, sampled = npc_throughput(npc_schema, args.npc_count)
    print("\n| NPC schema, 1 thread | ours | jsf |")
    print("|---|---:|---:|")
    print(f"| generate (instances/s) | {our_throughput.get('generate', 0):,.0f} | {generate:,.0f} |")
    print(f"| generate + JSON text (instances/s) | {our_throughput.get('generate + jsonString', 0):,.0f} | {serialise:,.0f} |")
    print(f"| instances valid | 100% (by construction, checked in guided-bench) | {percent(valid, sampled)} ({valid}/{sampled}) |")


if __name__ == "__main__":
    main()
