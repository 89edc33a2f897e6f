/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-stream-private.h — the two ways a model file's text becomes a model.
 *
 * Owns: declaring the streamed load (bg-file-stream.c: the model built
 * while the text is parsed) and the whole-document load (bg-file.c: the
 * text parsed into one document, then read), which bg_file_load* use in
 * that order, so that tests and the fuzz target can hold the one to the
 * other. Must not: declare anything else of the reader.
 * Included by: core/bg-file*, tests/.
 */
#pragma once

#include "bg-model.h"

G_BEGIN_DECLS

/* The model of a file's text, built while it is parsed; NULL (and no
 * message) whenever the text is not one _bg_file_load_whole takes, or has
 * its sections in an order the stream cannot follow ("bonds" before
 * "elements", "components" after them): then _bg_file_load_whole gives the
 * model or says what is wrong. Where both give a model, it is the same. */
BgModel *_bg_file_load_streamed (const char *data,
                                 gsize       length);

/* The model of a file's text read as one document, or NULL and the
 * message that names the place. */
BgModel *_bg_file_load_whole    (const char *data,
                                 gsize       length,
                                 GError    **error);

G_END_DECLS
