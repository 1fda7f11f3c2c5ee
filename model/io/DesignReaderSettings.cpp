#include "model/io/DesignReaderClass.h"

// The design's settings (scheduler, NCCL, workload) and a QoS profile: the reader's parts
// that read values rather than entities.

namespace cw::reader_detail {

void DesignReader::readQos(const Reader &q, QosProfile &qos)
{
    warnUnknown(q,
                { "roceDscp", "cnpDscp", "pfcPriority", "cnpPriority", "losslessPriorities",
                  "ecnEnabled", "ecnMinBytes", "ecnMaxBytes", "ecnMaxProbabilityPct", "pfcWatchdog",
                  "pfcWatchdogDetectionMs", "pfcWatchdogRestorationMs", "switchMtu", "hostMtu",
                  "dscpToPriority", "pfcCableLengthM" });
    qos.roceDscp = static_cast<int>(q.integerInRange("roceDscp", 0, 63, qos.roceDscp));
    qos.cnpDscp = static_cast<int>(q.integerInRange("cnpDscp", 0, 63, qos.cnpDscp));
    qos.pfcPriority = static_cast<int>(q.integerInRange("pfcPriority", 0, 7, qos.pfcPriority));
    qos.cnpPriority = static_cast<int>(q.integerInRange("cnpPriority", 0, 7, qos.cnpPriority));
    if (q.has("losslessPriorities")) {
        qos.losslessPriorities.clear();
        for (long long priority : q.integerArray("losslessPriorities")) {
            if (priority < 0 || priority > 7)
                q.fail("losslessPriorities", "priorities from 0 to 7");
            qos.losslessPriorities.push_back(static_cast<int>(priority));
        }
    }
    qos.ecnEnabled = q.boolean("ecnEnabled", qos.ecnEnabled);
    // Thresholds are read as given, even when inconsistent: the RoCE rules report
    // Kmin >= Kmax, so the design can be loaded and fixed.
    qos.ecnMinBytes
        = static_cast<int>(q.integerInRange("ecnMinBytes", 0, 2000000000, qos.ecnMinBytes));
    qos.ecnMaxBytes
        = static_cast<int>(q.integerInRange("ecnMaxBytes", 0, 2000000000, qos.ecnMaxBytes));
    qos.ecnMaxProbabilityPct = static_cast<int>(
        q.integerInRange("ecnMaxProbabilityPct", -1000, 1000, qos.ecnMaxProbabilityPct));
    qos.pfcWatchdog = q.boolean("pfcWatchdog", qos.pfcWatchdog);
    qos.pfcWatchdogDetectionMs = static_cast<int>(
        q.integerInRange("pfcWatchdogDetectionMs", 0, 60000, qos.pfcWatchdogDetectionMs));
    qos.pfcWatchdogRestorationMs = static_cast<int>(
        q.integerInRange("pfcWatchdogRestorationMs", 0, 600000, qos.pfcWatchdogRestorationMs));
    qos.switchMtu = static_cast<int>(q.integerInRange("switchMtu", 576, 16384, qos.switchMtu));
    qos.hostMtu = static_cast<int>(q.integerInRange("hostMtu", 576, 16384, qos.hostMtu));
    if (q.has("dscpToPriority")) {
        // An object {"26": 3}: keys are DSCP values, values switch priorities.
        const Reader map = q.object("dscpToPriority");
        qos.dscpToPriority.clear();
        for (const auto &item : map.sortedMembers()) {
            const std::string &key = item.first;
            int dscp = -1;
            if (!key.empty() && key.size() <= 2
                && key.find_first_not_of("0123456789") == std::string::npos)
                dscp = std::stoi(key);
            if (dscp < 0 || dscp > 63)
                map.failHere("expected DSCP keys from \"0\" to \"63\", got \"" + key + "\"");
            qos.dscpToPriority[dscp] = static_cast<int>(map.integerInRange(key.c_str(), 0, 7));
        }
    }
    qos.pfcCableLengthM = q.nonNegative("pfcCableLengthM", qos.pfcCableLengthM);
}

void DesignReader::readSettings(const Reader &root, Design &design)
{
    if (root.has("scheduler")) {
        const Reader s = root.object("scheduler");
        warnUnknown(s, { "clusterName", "controllerHost", "partitions", "slurmOverrides" });
        SchedulerSettings scheduler;
        scheduler.clusterName = s.name("clusterName", NameKind::Identifier, scheduler.clusterName);
        if (scheduler.clusterName.empty())
            s.fail("clusterName", nameRule(NameKind::Identifier));
        scheduler.controllerHost
            = s.name("controllerHost", NameKind::Identifier, scheduler.controllerHost);
        if (scheduler.controllerHost.empty())
            s.fail("controllerHost", nameRule(NameKind::Identifier));
        for (const Reader &p : s.objects("partitions")) {
            warnUnknown(p, { "name", "nodes", "default", "maxTime" });
            Partition partition;
            partition.name = p.name("name", NameKind::Identifier);
            for (long long node : p.integerArray("nodes")) {
                const DeviceId id { static_cast<std::uint64_t>(node < 0 ? 0 : node) };
                if (node <= 0 || !design.device(id))
                    p.fail("nodes",
                           "ids of devices in this design (" + std::to_string(node)
                               + " is not one)");
                partition.nodes.push_back(id);
            }
            partition.isDefault = p.boolean("default", false);
            partition.maxTime = p.string("maxTime", partition.maxTime);
            if (const std::string problem = slurmTimeProblem(partition.maxTime); !problem.empty())
                p.fail("maxTime", "a Slurm time limit (" + problem + ")");
            scheduler.partitions.push_back(std::move(partition));
        }
        if (s.has("slurmOverrides")) {
            // {"MaxTime": "7-00:00:00"}: the exporter checks keys and values, the reader types.
            const Reader overrides = s.object("slurmOverrides");
            for (const auto &item : overrides.sortedMembers())
                scheduler.slurmOverrides[item.first] = overrides.string(item.first.c_str());
        }
        design.setScheduler(std::move(scheduler));
    }
    if (root.has("nccl")) {
        const Reader n = root.object("nccl");
        warnUnknown(n,
                    { "ibTimeout", "ibRetryCount", "crossNic", "ibGidIndex", "ibTrafficClass",
                      "ibServiceLevel", "qpsPerConnection", "socketIfname", "netGdrLevel",
                      "collnetEnable" });
        NcclSettings nccl;
        auto optionalInt = [&n](const char *key, long long min, long long max) {
            auto value = n.optionalInteger(key, min, max);
            return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
        };
        nccl.ibTimeout = optionalInt("ibTimeout", 0, 31);
        nccl.ibRetryCount = optionalInt("ibRetryCount", 0, 7);
        nccl.crossNic = optionalInt("crossNic", 0, 2);
        nccl.ibGidIndex = optionalInt("ibGidIndex", -1, 255);
        nccl.ibTrafficClass = optionalInt("ibTrafficClass", 0, 255);
        nccl.ibServiceLevel = optionalInt("ibServiceLevel", 0, 15);
        nccl.qpsPerConnection = optionalInt("qpsPerConnection", 1, 128);
        nccl.socketIfname = n.string("socketIfname", "");
        if (const std::string problem = socketIfnameProblem(nccl.socketIfname); !problem.empty())
            n.fail("socketIfname", "an NCCL_SOCKET_IFNAME value (" + problem + ")");
        nccl.netGdrLevel = n.name("netGdrLevel", NameKind::Identifier, "");
        nccl.collnetEnable = n.boolean("collnetEnable", false);
        design.setNccl(std::move(nccl));
    }
    if (root.has("workload")) {
        const Reader w = root.object("workload");
        warnUnknown(w,
                    { "name", "parameterCount", "trainingTokens", "mfu", "checkpointBytesPerParam",
                      "checkpointIntervalMin", "maxCheckpointStallFraction",
                      "datasetReadMBpsPerGpu" });
        Workload workload;
        workload.name = w.name("name", NameKind::Label, "");
        workload.parameterCount = w.nonNegative("parameterCount", 0);
        workload.trainingTokens = w.nonNegative("trainingTokens", 0);
        workload.mfu = w.nonNegative("mfu", workload.mfu);
        if (workload.mfu > 1)
            w.fail("mfu", "a fraction from 0 to 1");
        workload.checkpointBytesPerParam
            = w.nonNegative("checkpointBytesPerParam", workload.checkpointBytesPerParam);
        workload.checkpointIntervalMin
            = w.positive("checkpointIntervalMin", workload.checkpointIntervalMin);
        workload.maxCheckpointStallFraction
            = w.nonNegative("maxCheckpointStallFraction", workload.maxCheckpointStallFraction);
        workload.datasetReadMBpsPerGpu = w.nonNegative("datasetReadMBpsPerGpu", 0);
        design.setWorkload(std::move(workload));
    }
    std::vector<Waiver> waivers;
    for (const Reader &entry : root.objects("waivers")) {
        warnUnknown(entry, { "rule", "entities", "reason", "author", "date", "expires" });
        Waiver waiver;
        waiver.ruleKey = entry.name("rule", NameKind::Identifier);
        for (long long id : entry.integerArray("entities")) {
            if (id <= 0)
                entry.fail("entities", "positive entity ids");
            waiver.entityIds.push_back(static_cast<std::uint64_t>(id));
        }
        waiver.reason = entry.name("reason", NameKind::FreeText);
        if (waiver.reason.empty())
            entry.fail("reason", "a reason for the waiver");
        waiver.author = entry.name("author", NameKind::Label, "");
        waiver.date = entry.name("date", NameKind::Identifier, "");
        waiver.expires = entry.name("expires", NameKind::Identifier, "");
        waivers.push_back(std::move(waiver));
    }
    design.setWaivers(std::move(waivers));
    if (root.has("severityOverrides")) {
        const Reader s = root.object("severityOverrides");
        std::map<std::string, std::string> severities;
        for (const auto &[key, index] : s.sortedMembers()) {
            const std::string value = s.tape().node(index).type == JsonTape::Type::String
                ? std::string(s.tape().string(index))
                : std::string();
            if (value != "error" && value != "warning" && value != "info" && value != "off")
                s.fail(key.c_str(), "error | warning | info | off");
            severities[key] = value;
        }
        design.setSeverityOverrides(std::move(severities));
    }
}

} // namespace cw::reader_detail
