#pragma once

// Reads the exported fabric.topo (ibnetdiscover "net" format, as exporters/switch writes it),
// lets a test re-cable it the way installers get it wrong, and writes it back for ibsim.

#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QVector>

namespace cw::test {

struct TopoNode
{
    QString guidLine; ///< "switchguid=0x..." / "caguid=0x..."
    QString header; ///< the "Switch 64 "S-..." # ..." line
    QString id; ///< "S-..." / "H-..."
    QString name; ///< node description
    bool isSwitch = false;
    int portCount = 0;
    struct Port
    {
        QString remote;
        int remotePort = 0;
        QString rate; ///< "4xHDR"
    };
    QMap<int, Port> ports;
};

class TopoEditor
{
public:
    explicit TopoEditor(const QString &text)
    {
        static const QRegularExpression header(
            QStringLiteral("^(Switch|Ca)\\s+(\\d+)\\s+\"([^\"]+)\"\\s*#\\s*\"([^\"]*)\""));
        static const QRegularExpression portLine(
            QStringLiteral("^\\[(\\d+)\\]\\s+\"([^\"]+)\"\\[(\\d+)\\].*\\s(\\d+x[A-Z0-9]+)\\s*$"));
        QString guidLine;
        TopoNode *current = nullptr;
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("switchguid="))
                || line.startsWith(QLatin1String("caguid="))) {
                guidLine = line;
                continue;
            }
            if (auto m = header.match(line); m.hasMatch()) {
                TopoNode node;
                node.guidLine = guidLine;
                node.header = line;
                node.isSwitch = m.captured(1) == QLatin1String("Switch");
                node.portCount = m.captured(2).toInt();
                node.id = m.captured(3);
                node.name = m.captured(4);
                m_order.push_back(node.id);
                m_nodes.insert(node.id, node);
                current = &m_nodes[node.id];
                continue;
            }
            if (auto m = portLine.match(line); m.hasMatch() && current)
                current->ports.insert(m.captured(1).toInt(),
                                      { m.captured(2), m.captured(3).toInt(), m.captured(4) });
        }
    }

    QMap<QString, TopoNode> &nodes() { return m_nodes; }
    const QStringList &order() const { return m_order; }

    void disconnect(const QString &id, int port)
    {
        const TopoNode::Port p = m_nodes[id].ports.take(port);
        m_nodes[p.remote].ports.remove(p.remotePort);
    }
    void connect(const QString &a, int pa, const QString &b, int pb, const QString &rate)
    {
        m_nodes[a].ports.insert(pa, { b, pb, rate });
        m_nodes[b].ports.insert(pb, { a, pa, rate });
    }
    void setRate(const QString &id, int port, const QString &rate)
    {
        TopoNode::Port &p = m_nodes[id].ports[port];
        p.rate = rate;
        m_nodes[p.remote].ports[p.remotePort].rate = rate;
    }

    QString text() const
    {
        QString out;
        for (const QString &id : m_order) {
            const TopoNode &n = m_nodes[id];
            out += QStringLiteral("\n%1\n%2\n").arg(n.guidLine, n.header);
            for (auto it = n.ports.begin(); it != n.ports.end(); ++it) {
                const TopoNode &r = m_nodes[it->remote];
                out += QStringLiteral("[%1]\t\"%2\"[%3]\t\t# %4\"%5\" lid 0 %6\n")
                           .arg(it.key())
                           .arg(it->remote)
                           .arg(it->remotePort)
                           .arg(n.isSwitch ? QString() : QStringLiteral("lid 0 lmc 0 "), r.name,
                                it->rate);
            }
        }
        return out;
    }

private:
    QMap<QString, TopoNode> m_nodes;
    QStringList m_order;
};

} // namespace cw::test
