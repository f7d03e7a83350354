/**
 * The helper's AST policy, run by the real /usr/bin/python3 on one source at a time: what the
 * seed's paired-v1 contract rejects before a candidate is imported, and what it lets through.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const HELPER = fileURLToPath(new URL("./_touchstone_paired.py", import.meta.url));
const DEFAULT = ["__future__", "math", "collections", "itertools", "functools", "bisect", "heapq"];

const PROBE = `
import ast, importlib.util, json, sys, types
spec = importlib.util.spec_from_file_location("helper", sys.argv[1])
helper = importlib.util.module_from_spec(spec)
spec.loader.exec_module(helper)
request = json.load(sys.stdin)
allowed = request["allowed"]
reach = helper.reachable_modules(allowed, types)
print(json.dumps([helper.check_source(source, "mod.py", allowed, reach, ast) for source in request["sources"]]))
`;

/** The policy's verdict on each source: null when allowed, else the reason. */
function check(sources: readonly string[], allowed: readonly string[] = DEFAULT): (string | null)[] {
	const out = execFileSync("/usr/bin/python3", ["-I", "-B", "-S", "-c", PROBE, HELPER], {
		input: JSON.stringify({ sources, allowed }),
		encoding: "utf8",
	});
	return JSON.parse(out) as (string | null)[];
}

describe("the paired-v1 AST policy", () => {
	it("lets an ordinary algorithmic rewrite through", () => {
		const source = `from __future__ import annotations
import collections, heapq
from functools import lru_cache
from itertools import accumulate


class Index:
    def __del__(self):
        print("bye")


def total(rows: list[dict]) -> int:
    seen = collections.defaultdict(int)
    for row in rows:
        seen[row["k"]] += row.get("v", 0)
    best = heapq.nlargest(3, seen.items(), key=lambda item: item[1])
    return sum(v for _, v in best) + len(list(accumulate([1, 2]))) + (type(rows) is list)
`;
		expect(check([source])).toEqual([null]);
	});

	it.each([
		["import sys", "import of `sys` is not allowed"],
		["import os", "import of `os` is not allowed"],
		["import importlib", "import of `importlib` is not allowed"],
		["import random", "import of `random` is not allowed"],
		["from . import helper", "relative imports are not allowed"],
		["import mod_helper", "import of `mod_helper` is not allowed"],
		["from math import *", "wildcard imports"],
		["from collections import _chain", "private names (_chain)"],
		["import collections._x", "private modules"],
		["x = eval('1')", "reflective builtin eval"],
		["x = getattr(len, 'x')", "reflective builtin getattr"],
		["x = vars()", "reflective builtin vars"],
		["x = globals()", "reflective builtin globals"],
		["x = open('harness.py')", "reflective builtin open"],
		["X = type('X', (), {})", "no dynamic type construction"],
		["t = type", "no dynamic type construction"],
		["x = (1).__class__", "dunder attributes (.__class__)"],
		["x = len._private", "private and dunder attributes"],
		["def f():\n    yield 1\nx = f().gi_frame", "frame, code and traceback attributes (.gi_frame)"],
		["x = '{0.real}'.format(1)", "reflective attributes (.format)"],
		["import math\nmath.pi = 3", "attribute writes"],
		["import math\ndel math.pi", "attribute writes"],
		["__builtins__", "dunder identifiers (__builtins__)"],
		["def __init__(self):\n    pass", "dunder identifiers (__init__)"],
		["x = __import__('os')", "dunder identifiers (__import__)"],
		["def f(__x__):\n    pass", "dunder identifiers (__x__)"],
		["def f(", "does not parse"],
	])("rejects %j", (source, reason) => {
		expect(check([source])[0]).toContain(reason);
	});

	it("keeps attrgetter and methodcaller out even where operator is allowed", () => {
		const allowed = [...DEFAULT, "operator"];
		const [plain, attr, method, imported] = check(
			[
				"import operator\nx = operator.itemgetter(0)",
				"import operator\nx = operator.attrgetter('a')",
				"import operator\nx = operator.methodcaller('a')",
				"from operator import attrgetter",
			],
			allowed,
		);
		expect(plain).toBeNull();
		expect(attr).toContain("reflective attributes (.attrgetter)");
		expect(method).toContain("reflective attributes (.methodcaller)");
		expect(imported).toContain("operator.attrgetter may not be imported");
	});

	it("closes a module an allowed one exposes (statistics.sys, re.enum)", () => {
		const allowed = [...DEFAULT, "statistics", "re"];
		const [sys, enumModule, fine] = check(
			[
				"import statistics\nx = statistics.sys",
				"import re\nx = re.enum",
				"import statistics\nx = statistics.median([1])",
			],
			allowed,
		);
		expect(sys).toContain("the attribute .sys reaches a module that is not allowed");
		expect(enumModule).toContain("the attribute .enum reaches a module that is not allowed");
		expect(fine).toBeNull();
	});
});
