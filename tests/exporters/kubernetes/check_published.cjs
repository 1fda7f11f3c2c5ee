// Validates exported Kubernetes objects against the PUBLISHED Kubernetes schemas: the validators
// npm's kubernetes-models ships, generated from the Kubernetes OpenAPI spec
// (ref:kubernetes-models-npm, ref:k8s-openapi). Run by check_kubernetes.py as
//   node check_published.cjs NODE_MODULES OBJECTS.json
// where OBJECTS.json is [{"where": "file #i", "object": {...}}, ...]. Every object's metadata
// is checked against io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta (the metadata schema of
// every kind, CRDs included); core kinds against their own schema (io.k8s.api.core.v1.Node).
// Prints "published=<objects checked> core=<core objects>"; exits 1 listing the errors.
"use strict";
const fs = require("fs");
const path = require("path");

const [modules, objectsPath] = process.argv.slice(2);
const schema = (pkg, name) =>
    require(path.join(modules, pkg, "_schemas", name + ".js")).validate;
const objectMeta = schema("@kubernetes-models/apimachinery", "IoK8sApimachineryPkgApisMetaV1ObjectMeta");
// Core kinds the export writes, by kind (their schema then requires apiVersion "v1"); any other
// kind is a CRD object.
const core = { Node: schema("kubernetes-models", "IoK8sApiCoreV1Node") };

const errors = [];
const report = (where, validate) =>
    (validate.errors || []).forEach((e) =>
        errors.push(`${where}: ${e.instancePath || "/"} ${e.keyword} ${JSON.stringify(e.params)}`));
let checked = 0;
let coreCount = 0;
for (const { where, object } of JSON.parse(fs.readFileSync(objectsPath, "utf8"))) {
    ++checked;
    const validate = core[object.kind];
    if (validate) {
        ++coreCount; // the kind's schema covers its metadata too
        if (!validate(object))
            report(where, validate);
    } else if (!objectMeta(object.metadata, { instancePath: "/metadata" })) {
        report(where, objectMeta);
    }
}
if (errors.length) {
    console.log(errors.join("\n"));
    process.exit(1);
}
console.log(`published=${checked} core=${coreCount}`);
