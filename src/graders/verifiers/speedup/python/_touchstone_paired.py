"""touchstone's trusted paired-v1 helper for Python speedup tasks (see notes/speedup-protocol.md).

Run by the speedup verifier inside a sandbox, in a grading folder holding only the editable files,
the frozen baseline, the task's harness, this helper and _touchstone_paired.json:

    python -I -B -S _touchstone_paired.py _touchstone_harness.py      (a nonce on stdin)

It reads the nonce before any task or candidate code runs, binds its clock, runs the harness with
`benchmark` in its scope, and writes exactly one line `TOUCHSTONE-PAIRED-V1 <nonce> <json>` to the
stdout it saved, then flushes and calls os._exit, so finalizers and prints cannot add another.
Everything else anyone prints goes to stderr. It reports raw seconds, never a ratio.

The AST policy below is a restricted contract, not a security sandbox: the sandbox around the
interpreter is what contains a candidate.
"""

import sys
import os

_PREFIX = "TOUCHSTONE-PAIRED-V1"
_NEVER = frozenset(
    "sys os gc inspect ctypes importlib builtins time threading multiprocessing subprocess signal "
    "atexit io pathlib".split()
)
_ALLOWABLE = frozenset(
    "__future__ math collections itertools functools bisect heapq random statistics json re array "
    "decimal fractions operator datetime calendar".split()
)
_REFLECTIVE_NAMES = frozenset(
    "eval exec compile getattr setattr delattr hasattr globals locals vars dir open input breakpoint "
    "help exit quit super".split()
)
_FORBIDDEN_ATTRIBUTES = frozenset("attrgetter methodcaller format format_map mro".split())
_FRAME_PREFIXES = ("f_", "gi_", "cr_", "ag_", "tb_", "co_")


def _main():
    # The nonce first: before the harness, the baseline or the candidate exists.
    nonce = sys.stdin.buffer.readline(128).decode("ascii", "replace").strip()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin = None
    result_fd = os.dup(1)
    os.dup2(2, 1)  # whatever task code prints reaches stderr, never the result's stdout
    import time

    clock = time.perf_counter_ns
    import ast
    import copy
    import gc
    import importlib.util
    import json
    import types

    def emit(result):
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()  # what task code printed, to stderr, before the process ends
            except BaseException:
                pass
        line = "%s %s %s\n" % (_PREFIX, nonce, json.dumps(result, allow_nan=False, sort_keys=True))
        data = line.encode("utf-8")
        while data:
            data = data[os.write(result_fd, data) :]
        os._exit(0)

    def fail(status, detail, oracle_cases=None):
        return {"status": status, "detail": detail, "oracle_cases": oracle_cases}

    here = os.path.dirname(os.path.abspath(sys.argv[0]))
    try:
        with open(os.path.join(here, "_touchstone_paired.json"), encoding="utf-8") as handle:
            config = json.load(handle)
        pairs, seed = int(config["pairs"]), int(config["seed"])
        allowed = [str(name) for name in config["allowed_imports"]]
        editable = [str(path) for path in config["editable"]]
        outside = [name for name in allowed if name not in _ALLOWABLE or name in _NEVER]
        if outside or pairs < 1:
            raise ValueError("allowed_imports outside the allowable set: %s" % ", ".join(outside))
        with open(sys.argv[1], encoding="utf-8") as handle:
            harness = compile(handle.read(), os.path.basename(sys.argv[1]), "exec", dont_inherit=True)
    except BaseException as error:
        emit(fail("harness_error", "the helper could not start: %s" % describe(error)))

    module_attributes = reachable_modules(allowed, types)
    state = {"calls": 0, "result": None}

    def benchmark(
        *, candidate_path, baseline_path, function, make_input, oracle_cases, require_pure_inputs=False
    ):
        state["calls"] += 1
        if state["calls"] > 1:
            emit(fail("harness_error", "the harness called benchmark(...) more than once"))
        state["result"] = run_benchmark(
            candidate_path, baseline_path, function, make_input, oracle_cases, bool(require_pure_inputs)
        )

    def run_benchmark(candidate_path, baseline_path, function, make_input, oracle_cases, pure):
        if candidate_path not in editable:
            return fail("harness_error", "candidate_path %r is not one of the editable files %r" % (candidate_path, editable))
        if not isinstance(function, str) or not function.isidentifier() or not callable(make_input):
            return fail("harness_error", "benchmark needs function (a name) and make_input (a callable)")
        try:
            cases = [(tuple(args), expected) for args, expected in oracle_cases]
        except BaseException as error:
            return fail("harness_error", "oracle_cases must be (args_tuple, expected) pairs: %s" % describe(error))
        count = len(cases)
        if count == 0:
            return fail("harness_error", "oracle_cases is empty; give at least one (args_tuple, expected) case", 0)
        try:
            baseline = load_function(baseline_path, "_touchstone_baseline", function)
        except BaseException as error:
            return fail("baseline_failed", "the baseline %s could not be loaded: %s" % (baseline_path, describe(error)), count)
        problem = check_oracles(baseline, cases, pure)
        if problem is not None:
            status = "harness_error" if problem[0] == "harness_error" else "baseline_failed"
            return fail(status, "the baseline " + problem[1], count)
        try:
            with open(candidate_path, encoding="utf-8") as handle:
                source = handle.read()
        except BaseException as error:
            return fail("rejected", "%s cannot be read as UTF-8 text: %s" % (candidate_path, describe(error)), count)
        rejection = check_source(source, candidate_path, allowed, module_attributes, ast)
        if rejection is not None:
            return fail("rejected", rejection, count)
        try:
            candidate = load_function(candidate_path, "_touchstone_candidate", function)
        except BaseException as error:
            return fail("candidate_error", "importing %s raised %s" % (candidate_path, describe(error)), count)
        problem = check_oracles(candidate, cases, pure)
        if problem is not None:
            return fail(problem[0], "the candidate " + problem[1], count)
        retained = []
        samples = []
        for index in range(pairs + 1):
            order = "baseline-first" if index == 0 or (index - 1) % 2 == 0 else "candidate-first"
            outcome = timed_pair(baseline, candidate, make_input, seed + index, order, pure, retained)
            if isinstance(outcome, tuple):
                where = "the warm-up pair" if index == 0 else "measured pair %d" % (index - 1)
                return fail(outcome[0], "%s (make_input(%d)): %s" % (where, seed + index, outcome[1]), count)
            samples.append(outcome)
        return {
            "status": "ok",
            "detail": "%d oracle cases matched; %d measured pairs after one warm-up pair" % (count, pairs),
            "oracle_cases": count,
            "warmup": samples[0],
            "samples": samples[1:],
        }

    def load_function(path, name, function):
        spec = importlib.util.spec_from_file_location(name, os.path.abspath(path))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        value = module.__dict__.get(function)
        if not callable(value):
            raise LookupError("%s defines no function %s" % (path, function))
        return value

    def check_oracles(implementation, cases, pure):
        """(status, reason) of the first oracle case it fails, or None."""
        for index, (args, expected) in enumerate(cases):
            try:
                pristine, given = copy.deepcopy(args), copy.deepcopy(args)
            except BaseException as error:
                return ("harness_error", "oracle case %d cannot be deep-copied: %s" % (index, describe(error)))
            try:
                output = implementation(*given)
            except BaseException as error:
                return ("candidate_error", "raised %s on oracle case %d" % (describe(error), index))
            if not same(output, expected):
                return ("mismatch", "returned %s on oracle case %d, expected %s" % (short(output), index, short(expected)))
            if pure and not same(given, pristine):
                return ("impure", "mutated its input on oracle case %d (require_pure_inputs)" % index)
        return None

    def timed_pair(baseline, candidate, make_input, pair_seed, order, pure, retained):
        """One pair's sample, or (status, reason). Only the two calls are timed."""
        gc.collect()
        sides = ("baseline", "candidate") if order == "baseline-first" else ("candidate", "baseline")
        built, given = {}, {}
        try:
            # The side called first gets the copy made last (the warmest in the caches); as pairs
            # alternate, neither side gets it every time.
            for side in reversed(sides):
                built[side] = tuple(make_input(pair_seed))
                given[side] = copy.deepcopy(built[side])
        except BaseException as error:
            return ("harness_error", "make_input raised or built no deep-copyable tuple: %s" % describe(error))
        if not same(built["baseline"], built["candidate"]):
            return ("harness_error", "make_input built different arguments for the same seed")
        retained.append((built, given))
        implementations = {"baseline": baseline, "candidate": candidate}
        outputs, seconds = {}, {}
        for side in sides:
            function, args = implementations[side], given[side]
            try:
                start = clock()
                output = function(*args)
                end = clock()
            except BaseException as error:
                status = "baseline_failed" if side == "baseline" else "candidate_error"
                return (status, "the %s raised %s" % (side, describe(error)))
            outputs[side], seconds[side] = output, (end - start) / 1e9
        retained.append(outputs)
        if not same(outputs["candidate"], outputs["baseline"]):
            return ("mismatch", "the candidate returned %s where the baseline returned %s" % (
                short(outputs["candidate"]), short(outputs["baseline"])))
        if pure and not same(given["baseline"], built["baseline"]):
            return ("baseline_failed", "the baseline mutated its input (require_pure_inputs)")
        if pure and not same(given["candidate"], built["candidate"]):
            return ("impure", "the candidate mutated its input (require_pure_inputs)")
        return {"baseline_s": seconds["baseline"], "candidate_s": seconds["candidate"], "order": order}

    try:
        exec(harness, {"__name__": "_touchstone_harness", "benchmark": benchmark})
    except BaseException as error:
        emit(fail("harness_error", "the harness raised %s" % describe(error)))
    if state["calls"] != 1 or state["result"] is None:
        emit(fail("harness_error", "the harness never called benchmark(...); it must call it once"))
    emit(state["result"])


def reachable_modules(allowed, types):
    """Public attribute names through which an allowed module exposes a module that is not allowed
    (statistics.sys, re.enum): reading such an attribute is how a candidate would reach it."""
    import importlib

    names, seen, queue = set(), set(), []
    for name in allowed:
        queue.append(importlib.import_module(name))
    while queue:
        module = queue.pop()
        if id(module) in seen:
            continue
        seen.add(id(module))
        for attribute in dir(module):
            value = getattr(module, attribute, None)
            if attribute.startswith("_") or not isinstance(value, types.ModuleType):
                continue
            if value.__name__.split(".")[0] in allowed:
                queue.append(value)
            else:
                names.add(attribute)
    return frozenset(names | _NEVER)


def check_source(source, path, allowed, module_attributes, ast):
    """Why the candidate's source breaks the paired-v1 AST policy, or None."""
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as error:
        return "%s does not parse: %s (line %s)" % (path, error.msg, error.lineno)
    allowed_text = ", ".join(allowed)
    for node in ast.walk(tree):
        where = "%s line %s: " % (path, getattr(node, "lineno", "?"))
        if isinstance(node, ast.Import):
            for alias in node.names:
                problem = import_problem(alias.name, allowed, allowed_text)
                if problem is not None:
                    return where + problem
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                return where + "relative imports are not allowed; only the standard modules %s" % allowed_text
            problem = import_problem(node.module or "", allowed, allowed_text)
            if problem is not None:
                return where + problem
            for alias in node.names:
                if alias.name == "*":
                    return where + "wildcard imports (from %s import *) are not allowed" % node.module
                if alias.name.startswith("_"):
                    return where + "private names (%s) may not be imported" % alias.name
                if alias.name in _FORBIDDEN_ATTRIBUTES or alias.name in module_attributes:
                    return where + "%s.%s may not be imported" % (node.module, alias.name)
        elif isinstance(node, ast.Attribute):
            attribute = node.attr
            if attribute.startswith("_"):
                return where + "private and dunder attributes (.%s) are not allowed" % attribute
            if attribute.startswith(_FRAME_PREFIXES):
                return where + "frame, code and traceback attributes (.%s) are not allowed" % attribute
            if attribute in _FORBIDDEN_ATTRIBUTES:
                return where + "reflective attributes (.%s) are not allowed" % attribute
            if attribute in module_attributes:
                return where + "the attribute .%s reaches a module that is not allowed" % attribute
            if not isinstance(node.ctx, ast.Load):
                return where + "attribute writes (.%s = ...) are not allowed" % attribute
        elif isinstance(node, ast.Name):
            if node.id in _REFLECTIVE_NAMES:
                return where + "the reflective builtin %s is not allowed" % node.id
            if node.id == "type" and not is_plain_type_call(node, tree, ast):
                return where + "type may only be called with one argument (no dynamic type construction)"
        for name in identifiers(node, ast):
            if name.startswith("__") and name.endswith("__") and not (
                name == "__del__" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            ):
                return where + "dunder identifiers (%s) are not allowed" % name
    return None


def import_problem(module, allowed, allowed_text):
    parts = module.split(".")
    if module == "" or parts[0] not in allowed:
        return "import of `%s` is not allowed (allowed: %s)" % (module, allowed_text)
    if any(part.startswith("_") for part in parts[1:]) or (parts[0].startswith("_") and parts[0] != "__future__"):
        return "private modules (%s) may not be imported" % module
    return None


def is_plain_type_call(name, tree, ast):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.func is name:
            return len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Starred)
    return False


def identifiers(node, ast):
    if isinstance(node, ast.alias):
        return [node.asname] if node.asname else []
    found = []
    for field in ("id", "arg", "name", "rest"):
        value = getattr(node, field, None)
        if isinstance(value, str):
            found.append(value)
    found.extend(getattr(node, "names", []) if isinstance(node, (ast.Global, ast.Nonlocal)) else [])
    return found


def same(left, right):
    """Exact equality: the same types all the way down (1 is not 1.0, a list is not a tuple)."""
    try:
        return _same(left, right)
    except RecursionError:
        return False


def _same(left, right):
    kind = type(left)
    if kind is not type(right):
        return False
    if kind is float:
        return left == right or (left != left and right != right)
    if kind is list or kind is tuple:
        return len(left) == len(right) and all(_same(a, b) for a, b in zip(left, right))
    if kind is dict:
        return len(left) == len(right) and all(key in right and _same(value, right[key]) for key, value in left.items())
    return bool(left == right)


def describe(error):
    try:
        text = "%s: %s" % (type(error).__name__, error)
    except BaseException:
        text = type(error).__name__
    return text if len(text) <= 500 else text[:500] + "..."


def short(value):
    try:
        text = repr(value)
    except BaseException:
        text = "<unprintable %s>" % type(value).__name__
    return text if len(text) <= 200 else text[:200] + "..."


if __name__ == "__main__":
    _main()
