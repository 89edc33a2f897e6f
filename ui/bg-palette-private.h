/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-palette-private.h — BgPalette's instance struct, shared by
 * bg-palette.c (the domain's library sections, drawing, search, keys) and
 * bg-palette-library.c (the "My components" section).
 * Must not: be included outside those files.
 * Included by: ui/bg-palette*.c.
 */
#pragma once

#include "bg-component-library.h"
#include "bg-palette.h"

G_BEGIN_DECLS

#define SYMBOL_WIDTH  58
#define SYMBOL_HEIGHT 34

struct _BgPalette
{
  GtkWidget       parent_instance;

  BgDomain        domain;
  /* const BgComponentSpec*, in row order of each list */
  GPtrArray      *primitive_specs;
  GPtrArray      *advanced_specs;
  GPtrArray      *library_specs;

  /* My components (bg-palette-library.c): every entry of the folders,
   * and those of the shown domain in row order */
  GPtrArray      *library_all;      /* BgComponentEntry* */
  GPtrArray      *library_entries;  /* BgComponentEntry*, as library_specs */
  GPtrArray      *library_problems; /* char*: files that did not load */

  GtkDropDown    *domain_dropdown;
  GtkSearchEntry *search_entry;
  GtkWidget      *primitives_heading;
  GtkListBox     *primitives_list;
  GtkWidget      *advanced_heading;
  GtkListBox     *advanced_list;
  GtkLabel       *advanced_note;
  GtkWidget      *library_heading;
  GtkListBox     *library_list;
  GtkLabel       *library_note;
  GtkLabel       *library_problems_label;
  GtkWidget      *no_match_label;
};

/* bg-palette.c */
/* A row with the component's drawing and name, a drag source and a
 * tooltip; the spec must outlive the row. */
GtkWidget        *_bg_palette_make_row          (BgPalette             *self,
                                                 const BgComponentSpec *spec);

/* bg-palette-library.c */
/* Reads the folders again (the user's, then the installed one). */
void              _bg_palette_library_load      (BgPalette             *self);
/* The rows of the shown domain's components, the note and the problems. */
void              _bg_palette_library_fill      (BgPalette             *self);
/* The note when the section is empty and nothing is searched for. */
void              _bg_palette_library_refilter  (BgPalette             *self,
                                                 gboolean               searching,
                                                 guint                  n_shown);
BgComponentEntry *_bg_palette_library_entry_for_row (BgPalette         *self,
                                                     GtkListBoxRow     *row);
void              _bg_palette_library_dispose   (BgPalette             *self);

G_END_DECLS
