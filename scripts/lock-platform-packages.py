#!/usr/bin/env python3
"""
Records in package-lock.json the platform-specific optional packages that this
machine's npm registry mirror does not carry (the non-Linux native binaries of tailwind's
oxide and of oxc-parser, which knip uses).
npm never installs them on Linux (os/cpu do not match), but `npm ci` refuses a lock that
does not list them. Run after a dependency change: python3 scripts/lock-platform-packages.py
"""
import json, pathlib

LOCK = pathlib.Path(__file__).resolve().parent.parent / "package-lock.json"
PLATFORMS = {
    "android-arm64": (["android"], ["arm64"]),
    "darwin-arm64": (["darwin"], ["arm64"]),
    "darwin-x64": (["darwin"], ["x64"]),
    "freebsd-x64": (["freebsd"], ["x64"]),
    "linux-arm-gnueabihf": (["linux"], ["arm"]),
    "linux-arm64-gnu": (["linux"], ["arm64"]),
    "linux-arm64-musl": (["linux"], ["arm64"]),
    "linux-x64-gnu": (["linux"], ["x64"]),
    "linux-x64-musl": (["linux"], ["x64"]),
    "android-arm-eabi": (["android"], ["arm"]),
    "linux-arm-musleabihf": (["linux"], ["arm"]),
    "linux-ppc64-gnu": (["linux"], ["ppc64"]),
    "linux-riscv64-gnu": (["linux"], ["riscv64"]),
    "linux-riscv64-musl": (["linux"], ["riscv64"]),
    "linux-s390x-gnu": (["linux"], ["s390x"]),
    "openharmony-arm64": (["openharmony"], ["arm64"]),
    "win32-ia32-msvc": (["win32"], ["ia32"]),
    "wasm32-wasi": (None, ["wasm32"]),
    "win32-arm64-msvc": (["win32"], ["arm64"]),
    "win32-x64-msvc": (["win32"], ["x64"]),
}

PREFIXES = ("@tailwindcss/oxide-", "@oxc-parser/binding-")

lock = json.loads(LOCK.read_text())
packages = lock["packages"]
added = []
for path, entry in list(packages.items()):
    for name, version in (entry.get("optionalDependencies") or {}).items():
        prefix = next((p for p in PREFIXES if name.startswith(p)), None)
        if prefix is None:
            continue
        key = f"node_modules/{name}"
        if key in packages:
            continue
        platform = PLATFORMS.get(name.removeprefix(prefix))
        if platform is None:
            raise SystemExit(f"unknown platform package {name}")
        os_list, cpu = platform
        record = {"version": version, "optional": True, "cpu": cpu, "license": "MIT", "engines": {"node": ">= 20"}}
        if os_list:
            record["os"] = os_list
        packages[key] = record
        added.append(name)
packages_sorted = {"": packages[""], **{k: packages[k] for k in sorted(k for k in packages if k)}}
lock["packages"] = packages_sorted
LOCK.write_text(json.dumps(lock, indent=2) + "\n")
print("recorded:", ", ".join(added) or "nothing to add")
