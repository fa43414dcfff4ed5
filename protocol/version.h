#pragma once

namespace hex {

inline constexpr const char* kEngineName = "OhmHex";
inline constexpr const char* kEngineVersion = "0.1.0";

} // namespace hex
