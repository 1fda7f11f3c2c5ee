#!/usr/bin/env python3
"""Checks a Kubernetes export folder (docs/export-kubernetes.md):

  check_kubernetes.py FOLDER NPM_DIR

1. every document of every *.yaml file parses (python3-yaml); the Helm values files are one
   mapping each;
2. the CRD objects validate (python3-jsonschema) against schemas/<Kind>.schema.json, each a
   transcription of the published CRD's openAPIV3Schema (its "description" names the CRD file
   and version), made stricter (unknown fields refused), plus the CRDs' CEL rules that JSON
   schema cannot say (cel_errors); no npm or Debian package ships these CRDs;
3. every name and label follows the API server's syntax rules (ref:k8s-names, ref:k8s-labels);
   every NAD's spec.config is CNI JSON naming the NAD;
4. every object against the PUBLISHED Kubernetes schemas (check_published.cjs with npm's
   kubernetes-models, pinned in npm/package-lock.json and installed into NPM_DIR here):
   core kinds against their own schema, every object's metadata against ObjectMeta;
5. the real kubectl decodes every object file offline (`kubectl label --local -o json`, the
   one kubectl path that needs no API server) into exactly the objects python3-yaml read.

Prints one line "objects=<n> kinds=<kind:count,...> published=<n> core=<n> kubectl=<n>";
exit 1 with the errors. A missing tool or an unreachable npm registry is an error, not a skip."""
import fcntl
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
# apimachinery's IsDNS1123Subdomain, IsQualifiedName and IsValidLabelValue (ref:k8s-names,
# ref:k8s-labels).
DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
LABEL_NAME = re.compile(r"^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$")
LABEL_VALUE = re.compile(r"^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$")
KUBECTL_MARK = "clusterwright.io/kubectl-decoded"


def fail(message):
    print(message)
    sys.exit(1)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def syntax_errors(where, meta):
    errors = []
    name = meta.get("name", "")
    if len(name) > 253 or not DNS_SUBDOMAIN.match(name):
        errors.append(f"{where}: name {name!r} is not a DNS subdomain")
    for key, value in (meta.get("labels") or {}).items():
        prefix, _, short = key.rpartition("/")
        if (prefix and (len(prefix) > 253 or not DNS_SUBDOMAIN.match(prefix))) \
                or not LABEL_NAME.match(short):
            errors.append(f"{where}: label key {key!r}")
        if not isinstance(value, str) or not LABEL_VALUE.match(value):
            errors.append(f"{where}: label {key} value {value!r}")
    return errors


def cel_errors(where, doc):
    """The CRDs' x-kubernetes-validations rules our objects can meet, in Python."""
    spec, kind, errors = doc.get("spec") or {}, doc.get("kind"), []
    if kind == "Topology":  # kueue topologies: hostname only as the lowest level
        labels = [level["nodeLabel"] for level in spec.get("levels", [])]
        if "kubernetes.io/hostname" in labels[:-1]:
            errors.append(f"{where}: kubernetes.io/hostname must be the lowest level")
    if kind == "ResourceFlavor" and "topologyName" in spec and not spec.get("nodeLabels"):
        errors.append(f"{where}: at least one nodeLabel is required when topology is set")
    if kind == "NetworkAttachmentDefinition":
        config = json.loads(doc["spec"]["config"])
        if config.get("name") != doc["metadata"]["name"] or "type" not in config:
            errors.append(f"{where}: CNI config name/type")
    return errors


def load(folder):
    """[(file, [docs])] of the object files; errors for the values files."""
    files, errors = [], []
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        with open(path, encoding="utf-8") as f:
            docs = [d for d in yaml.safe_load_all(f) if d is not None]
        if os.path.basename(path).endswith("-values.yaml"):
            if len(docs) != 1 or not isinstance(docs[0], dict):
                errors.append(f"{os.path.basename(path)}: expected one mapping")
        else:
            files.append((path, docs))
    return files, errors


def check_crds(files):
    schemas = {}
    for path in glob.glob(os.path.join(HERE, "schemas", "*.schema.json")):
        with open(path, encoding="utf-8") as f:
            schemas[os.path.basename(path).split(".")[0]] = json.load(f)
    errors, counts = [], {}
    for path, docs in files:
        for i, doc in enumerate(docs):
            where = f"{os.path.basename(path)} #{i}"
            kind = doc.get("kind") if isinstance(doc, dict) else None
            counts[kind] = counts.get(kind, 0) + 1
            errors += syntax_errors(where, doc.get("metadata") or {})
            if kind == "Node":  # core: the published schema (check_published) covers it
                continue
            if kind not in schemas:
                errors.append(f"{where}: no schema for kind {kind!r}")
                continue
            for e in jsonschema.Draft7Validator(schemas[kind]).iter_errors(doc):
                errors.append(f"{where} {kind}: {list(e.path)}: {e.message}")
            errors += cel_errors(where, doc)
    return errors, counts


def ensure_npm(npm_dir):
    """node_modules with the pinned kubernetes-models, installed once per build tree."""
    npm = shutil.which("npm")
    if not npm or not shutil.which("node"):
        fail("node and npm are needed for the published Kubernetes schemas "
             "(scripts/deps.sh installs nodejs and npm)")
    os.makedirs(npm_dir, exist_ok=True)
    wanted = read(os.path.join(HERE, "npm", "package-lock.json"))
    stamp = os.path.join(npm_dir, "installed-package-lock.json")
    with open(os.path.join(npm_dir, ".install.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel runs share the build tree's install
        if os.path.exists(stamp) and read(stamp) == wanted:
            return os.path.join(npm_dir, "node_modules")
        for name in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(HERE, "npm", name), npm_dir)
        # No retries, short timeouts: an unreachable registry fails in seconds, not minutes.
        run = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund",
                              "--fetch-retries=0", "--fetch-timeout=30000"],
                             cwd=npm_dir, capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            registry = subprocess.run([npm, "config", "get", "registry"], capture_output=True,
                                      text=True).stdout.strip()
            fail(f"npm could not install kubernetes-models from the npm registry {registry} "
                 f"into {npm_dir}; the published-schema check needs it:\n{run.stderr[-2000:]}")
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(wanted)
    return os.path.join(npm_dir, "node_modules")


def check_published(files, npm_dir):
    modules = ensure_npm(npm_dir)
    objects = [{"where": f"{os.path.basename(p)} #{i}", "object": d}
               for p, docs in files for i, d in enumerate(docs)]
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as f:
        json.dump(objects, f)
        f.flush()
        run = subprocess.run(["node", os.path.join(HERE, "check_published.cjs"), modules,
                              f.name], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        return [run.stdout + run.stderr], ""
    return [], run.stdout.strip()


def json_stream(text):
    """kubectl prints one JSON object per input object, one after the other (or one List)."""
    decoder, items, at = json.JSONDecoder(), [], 0
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        item, at = decoder.raw_decode(text, at)
        items += item["items"] if item.get("kind") == "List" else [item]
    return items


def check_kubectl(files):
    """kubectl's own decoder (sigs.k8s.io/yaml into ObjectMeta) reads the same objects."""
    kubectl = shutil.which("kubectl")
    if not kubectl:
        fail("kubectl is needed (Debian: kubernetes-client; scripts/deps.sh installs it)")
    errors, decoded = [], 0
    with tempfile.TemporaryDirectory() as home:  # no kubeconfig, no shared cache dir
        env = dict(os.environ, HOME=home, KUBECONFIG=os.devnull)
        for path, docs in files:
            run = subprocess.run([kubectl, "label", "--local", "-f", path,
                                  f"{KUBECTL_MARK}=true", "-o", "json"],
                                 capture_output=True, text=True, env=env, timeout=30)
            if run.returncode != 0:
                errors.append(f"kubectl {os.path.basename(path)}: {run.stderr.strip()}")
                continue
            items = json_stream(run.stdout)
            for item in items:
                labels = item["metadata"]["labels"]
                del labels[KUBECTL_MARK]
                if not labels:
                    del item["metadata"]["labels"]
            if items != docs:
                errors.append(f"kubectl {os.path.basename(path)}: decoded objects differ")
            decoded += len(items)
    return errors, decoded


def main(folder, npm_dir):
    files, errors = load(folder)
    crd_errors, counts = check_crds(files)
    published_errors, published = check_published(files, npm_dir)
    kubectl_errors, decoded = check_kubectl(files)
    errors += crd_errors + published_errors + kubectl_errors
    if errors:
        fail("\n".join(errors))
    print("objects=%d kinds=%s %s kubectl=%d" % (
        sum(counts.values()), ",".join(f"{k}:{v}" for k, v in sorted(counts.items())),
        published, decoded))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
