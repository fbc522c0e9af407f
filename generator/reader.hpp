// Reads a jvmti.xml (OpenJDK's schema) into the typed model. This is the only part of the
// generator that knows XML. Every element and attribute of the schema is either taken into
// the model or reported: an unknown one is an error naming its line, never silently dropped.
#pragma once

#include <string>

#include "diag.hpp"
#include "model.hpp"

namespace jvmtigen {

// Reads the file at `path`. Problems go to `diag` (which names the file); returns diag.ok().
bool readSpecFile(const std::string& path, Spec& spec, Diagnostics& diag);

// Reads spec text already in memory; `diag` names the file for messages. The text is parsed
// where it lies (move it in to spare a copy).
bool readSpecText(std::string text, Spec& spec, Diagnostics& diag);

}  // namespace jvmtigen
