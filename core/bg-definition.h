/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-definition.h — a user component: a subsystem defined once in a model
 * and used as one element (docs/file-format.md, Components).
 *
 * In the layout: core/: part of the document (BgModel keeps its
 * definitions); flattening (bg-model-flatten.h) turns instances back into
 * the flat graph the analyzer and compiler take.
 *
 * Owns: one definition — its name (the type its instances name), label,
 * description, the parameters shown first, its body (a BgModel whose Port
 * elements are its ports) — and the BgComponentSpec an instance of it has:
 * one port per Port (name = the Port's id, its domain, in body order), one
 * parameter per inner parameter ("C.value", "SUB.R.value" through nested
 * instances) whose default is the definition's value. Must not: analyse or
 * simulate, or change its body after the spec is built (an edit of a
 * definition builds a new one: bg_model_replace_definition).
 */
#pragma once

#include <glib.h>
#include "bg-types.h"
#include "bg-library.h"

G_BEGIN_DECLS

/* How deep definitions may nest, and how many a model may hold. */
#define BG_DEFINITION_MAX_DEPTH 16
#define BG_DEFINITION_MAX_COUNT 1000

struct _BgDefinition
{
  char          *name;        /* [A-Za-z_][A-Za-z0-9_]*, not a library type */
  char          *label;       /* or NULL */
  char          *description; /* or NULL */
  char         **parameters;  /* NULL-terminated "INNER.PARAM" paths shown first */
  BgModel       *body;        /* the elements (Ports among them) and bonds */
  guint          depth;       /* 1 + the deepest definition it uses */
  guint64        n_flat;      /* elements one instance flattens to */
  const BgComponentSpec *spec; /* what an instance is; owned by the definition */
};

/* The spec of an instance of a definition, or NULL for a library spec. */
const BgDefinition *bg_definition_of_spec (const BgComponentSpec *spec);
/* The inner element and parameter a path of an instance's spec names:
 * "SUB.R.value" → inner "SUB.R", param "value". */
gboolean    bg_definition_split_param (const char  *path,
                                       char       **inner,
                                       const char **param);

/* For the model and the loader: a definition that takes body (a model whose
 * own definitions are those of the model it belongs to), with its instance
 * spec built; NULL and a message naming the problem ("port IN has no bond
 * inside" is not one: that is the analyzer's) when the body cannot be a
 * component. label, description and parameters are copied. */
BgDefinition *_bg_definition_new  (const char         *name,
                                   BgModel            *body,
                                   const char         *label,
                                   const char         *description,
                                   const char *const  *parameters,
                                   GError            **error);
/* Definitions are shared by the model, its instances (each element of a
 * definition's type holds one reference) and the undo steps that replaced
 * or removed them; _bg_definition_free drops one reference. */
BgDefinition *_bg_definition_ref  (const BgDefinition *def);
void          _bg_definition_free (BgDefinition       *def);

G_END_DECLS
