/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-library.h — the user's component library: folders of
 * component files (docs/file-format.md, Components).
 *
 * In the layout: core/: beside the file module; the palette lists what it
 * finds, the window saves into it, and inserting a component embeds a
 * copy of its definition in the document.
 *
 * Owns: the library's folders (the user's, then the installed one), one
 * entry per component file (its name is the file's base name, with its
 * label, description, port domains and definition read into a model of
 * its own), listing folders with a name in an earlier folder hiding the
 * same name in a later one, embedding a definition and those it uses into
 * a model (reusing identical ones, refusing a different one of the same
 * name), and writing a definition back as a component file. Must not:
 * touch GTK, keep state between calls, or change a model except by the
 * undoable bg_model_insert_definition.
 */
#pragma once

#include <gio/gio.h>
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_COMPONENT_LIBRARY_ERROR (bg_component_library_error_quark ())
GQuark bg_component_library_error_quark (void);

typedef enum
{
  BG_COMPONENT_LIBRARY_ERROR_NAME_CLASH = 1, /* the model has a different component of that name */
  BG_COMPONENT_LIBRARY_ERROR_BAD_NAME,       /* a file name that cannot name a component */
  BG_COMPONENT_LIBRARY_ERROR_LIMIT,          /* the model would hold too many definitions */
} BgComponentLibraryError;

/* $XDG_DATA_HOME/bgmod/components */
char   *bg_component_library_dup_user_folder (void);
/* The user's folder, then DATADIR/components (datadir: the installed
 * bgmod data, or the source tree's data/); NULL-terminated. */
GStrv   bg_component_library_dup_folders     (const char *datadir);

/* The component a file names: its base name without ".bgmod"; NULL and a
 * message when that cannot name a component ("my pipe", "R"). */
char   *bg_component_library_name_for_file   (GFile      *file,
                                              GError    **error);

#define BG_TYPE_COMPONENT_ENTRY (bg_component_entry_get_type ())
G_DECLARE_FINAL_TYPE (BgComponentEntry, bg_component_entry, BG, COMPONENT_ENTRY, GObject)

/* Reads one component file; the message starts with its name. */
BgComponentEntry   *bg_component_entry_new_for_file    (GFile            *file,
                                                        GError          **error);
/* The file's base name: the type its instances get. */
const char         *bg_component_entry_get_name        (BgComponentEntry *self);
/* The label, or the name when the file has none. */
const char         *bg_component_entry_get_label       (BgComponentEntry *self);
/* Or NULL. */
const char         *bg_component_entry_get_description (BgComponentEntry *self);
GFile              *bg_component_entry_get_file        (BgComponentEntry *self);
/* (1 << BgDomain) for each domain of its ports. */
guint               bg_component_entry_get_domains     (BgComponentEntry *self);
/* The component as read (in a model of the entry's own; its ->spec is
 * what an instance is), valid while the entry lives. */
const BgDefinition *bg_component_entry_get_definition  (BgComponentEntry *self);

/* The components of the folders' *.bgmod files (BgComponentEntry*, sorted
 * by name); a name found in an earlier folder hides it in later ones.
 * Folders that do not exist are skipped; a file that does not load is
 * left out, with its message added to problems (char*, may be NULL). */
GPtrArray *bg_component_library_list  (const char *const *folders,
                                       GPtrArray         *problems);

/* The definition of model that is def: def and those it uses (from def's
 * own model) added to model where model lacks them, each an undoable
 * insertion (one step, or part of the caller's group); an identical one
 * already there is used as it is. Refused, with nothing added, when
 * model has a different definition of one of those names (saying which)
 * or would hold more than 1 000. model is a document, not a body. */
const BgDefinition *bg_component_library_embed (BgModel            *model,
                                                const BgDefinition *def,
                                                GError            **error);

/* Writes def (and the definitions it uses) as the component file file,
 * atomically; file's base name must name a component (it is the name the
 * component is listed under), and not one def uses. */
gboolean   bg_component_library_save  (const BgDefinition *def,
                                       GFile              *file,
                                       GError            **error);

G_END_DECLS
