/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-doc.h — the component reference, written from the specs.
 *
 * In the layout: core/: what the handbook's component pages say, for
 * `bgmod-cli components --markdown` (docs/components.md is its output) and
 * for Help ▸ Component Reference and the inspector's "?" in the window.
 *
 * Owns: the words of one component's page — its noun, textbook equations
 * with the domain's symbols, causality, initial state, parameter defaults
 * and limits in words — and the whole reference as Markdown. Text is
 * translated (the caller picks the language with gettext). Must not: know
 * about widgets, or say anything the spec does not.
 */
#pragma once

#include <glib.h>
#include "bg-library.h"

G_BEGIN_DECLS

/* "capacitance", "0-junction" (translated). */
const char *bg_component_doc_noun          (const BgComponentSpec *spec);
/* The textbook equations, one a line, with the domain's effort, flow and
 * state symbols put in ("v = R · i_local"); `_` starts a subscript. */
GStrv       bg_component_doc_dup_equations (const BgComponentSpec *spec);
/* A line of bg_component_doc_dup_equations as Pango markup (subscripts). */
char       *bg_component_doc_equation_markup (const char *line);
/* Its causal pattern in one sentence (translated). */
char       *bg_component_doc_dup_causality (const BgComponentSpec *spec);
/* What its initial state means, or NULL when it has none. */
char       *bg_component_doc_dup_initial_state (const BgComponentSpec *spec);
/* "0.001 F", "constant", "3 rows" */
char       *bg_component_doc_dup_default   (const BgParamSpec     *param);
/* "> 0", "≥ 0", "between 1 and 2", "any" (translated) */
char       *bg_component_doc_dup_limit     (const BgParamSpec     *param);
/* One component's page as Markdown, headed "### TYPE — Name". */
char       *bg_component_doc_dup_markdown  (const BgComponentSpec *spec);
/* The whole reference: every domain's primitives, then the advanced
 * components, as docs/components.md has it. */
char       *bg_component_doc_dup_reference (void);

G_END_DECLS
