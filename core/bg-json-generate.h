/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-json-generate.h — strict JSON text of a json-glib tree.
 *
 * In the layout: core/ (no GTK); under every `--json` output that holds
 * doubles (equations, components), which json-glib 1.6 would write as
 * invalid JSON ("1e-08.0", "inf.0").
 *
 * Owns: the text of a JsonNode in json-glib's own layout (pretty: two
 * spaces per level, "key" : value; compact: no spaces), with numbers as
 * strict JSON: a double in the fewest digits that read back as the same
 * double ("2e-12", "0.001", "1.0" for a whole double as json-glib writes
 * it), a non-finite double as null; and the one step that building a
 * tree repeats most, a string member. Must not: know any schema.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The shortest "%.Ng" that reads back as value (N from 15 to 17), "null"
 * when it is not finite; "-0" is written as "0". */
void  bg_json_append_double  (GString  *out,
                              double    value);
/* "name": value in the object builder is building. */
void  bg_json_builder_add_string_member (JsonBuilder *builder,
                                         const char  *name,
                                         const char  *value);
/* The text of root, pretty or compact (no newline at the end). */
char *bg_json_generate       (JsonNode *root,
                              gboolean  pretty);

G_END_DECLS
