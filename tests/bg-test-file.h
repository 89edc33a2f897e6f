/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-file.h — small .bgmod documents written inline in tests.
 *
 * Owns: the text pieces the reader's tests build documents from (the
 * format head, an RC circuit's elements and bonds, a document of given
 * elements, or of given bonds on that circuit) and loading one that must
 * load. The pieces keep short names so that tables of documents stay
 * readable: include this only from the test programs of the file format.
 * Must not: hide a failure (a refused document aborts the test with its
 * message).
 */
#pragma once

#include <glib.h>
#include "bg-model.h"

G_BEGIN_DECLS

/* The opening of a document, up to its first member after "version". */
#define HEAD "{\"format\": \"bgmod\", \"version\": 1, "

/* An RC circuit: enough for bonds to point at. */
#define RC_ELEMENTS                                                           \
  "\"elements\": ["                                                           \
  "{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0}, " \
  "{\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\"}, "           \
  "{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\"}, "          \
  "{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\"}, "          \
  "{\"id\": \"M1\", \"type\": \"I\", \"domain\": \"translational\"}, "       \
  "{\"id\": \"CYL\", \"type\": \"CylinderDA\"}]"

#define RC_BONDS                                                              \
  "\"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, "           \
  "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"}, "                      \
  "{\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\", \"arrow\": \"reversed\"}]"

/* A whole document: the given elements, or the RC circuit with the given
 * bonds. */
#define ONE_ELEMENT(BODY) HEAD "\"elements\": [" BODY "]}"
#define WITH_BONDS(BONDS) HEAD RC_ELEMENTS ", \"bonds\": [" BONDS "]}"

/* bg_file_load_from_data, which must succeed. */
BgModel *bg_test_load_json (const char *json);

G_END_DECLS
