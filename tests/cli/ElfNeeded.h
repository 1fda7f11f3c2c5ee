#pragma once

// The DT_NEEDED entries of an ELF file (what `readelf -d` lists as NEEDED), read from the
// file itself, for the tests that check what a program maps at start-up.

#include <QByteArray>
#include <QFile>
#include <QStringList>

#include <elf.h>

#include <cstring>

namespace cw::test {

/// The shared libraries `path` names as NEEDED, in order; empty with `error` set when the file
/// is not a 64-bit little-endian ELF file with a dynamic section.
inline QStringList elfNeeded(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read ") + path;
        return {};
    }
    const QByteArray bytes = file.readAll();
    const auto fits = [&bytes](quint64 offset, quint64 size) {
        return offset <= quint64(bytes.size()) && size <= quint64(bytes.size()) - offset;
    };
    Elf64_Ehdr header;
    if (!fits(0, sizeof header) || std::memcmp(bytes.constData(), ELFMAG, SELFMAG) != 0
        || bytes[EI_CLASS] != ELFCLASS64 || bytes[EI_DATA] != ELFDATA2LSB) {
        *error = path + QStringLiteral(" is not a 64-bit little-endian ELF file");
        return {};
    }
    std::memcpy(&header, bytes.constData(), sizeof header);
    const auto section = [&](quint64 index, Elf64_Shdr &out) {
        const quint64 at = header.e_shoff + index * header.e_shentsize;
        if (index >= header.e_shnum || !fits(at, sizeof out))
            return false;
        std::memcpy(&out, bytes.constData() + at, sizeof out);
        return true;
    };
    for (quint64 i = 0; i < header.e_shnum; ++i) {
        Elf64_Shdr dynamic, strings;
        if (!section(i, dynamic) || dynamic.sh_type != SHT_DYNAMIC)
            continue;
        if (!section(dynamic.sh_link, strings) || !fits(dynamic.sh_offset, dynamic.sh_size)
            || !fits(strings.sh_offset, strings.sh_size)) {
            *error = path + QStringLiteral(": damaged dynamic section");
            return {};
        }
        QStringList needed;
        for (quint64 at = 0; at + sizeof(Elf64_Dyn) <= dynamic.sh_size; at += sizeof(Elf64_Dyn)) {
            Elf64_Dyn entry;
            std::memcpy(&entry, bytes.constData() + dynamic.sh_offset + at, sizeof entry);
            if (entry.d_tag == DT_NULL)
                break;
            if (entry.d_tag != DT_NEEDED || entry.d_un.d_val >= strings.sh_size)
                continue;
            const char *name = bytes.constData() + strings.sh_offset + entry.d_un.d_val;
            needed << QString::fromLatin1(name,
                                          qstrnlen(name, uint(strings.sh_size - entry.d_un.d_val)));
        }
        return needed;
    }
    *error = path + QStringLiteral(" has no dynamic section");
    return {};
}

} // namespace cw::test
