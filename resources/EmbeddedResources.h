#pragma once

#include <span>
#include <string_view>

namespace cw::resources {

/// A data file compiled into the program (name without folder, full text).
struct EmbeddedFile
{
    std::string_view name;
    std::string_view text;
};

/// Built-in parts catalog: resources/catalog/*.json.
std::span<const EmbeddedFile> catalogFiles();
/// Published model configurations for the calculators: resources/models/*.json.
std::span<const EmbeddedFile> modelPresetFiles();

} // namespace cw::resources
