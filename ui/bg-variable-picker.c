/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-variable-picker.c — choosing the variables the plot pane draws.
 *
 * Owns: the search entry and the grouped list of check boxes, the chosen
 * names in the order they were chosen, loading and saving them through
 * bg-view.c. A model with components lists the variables of its flat
 * graph (full paths, "T2.C.q"), each instance a group of its own under a
 * heading of its own, nested instances inside it. Must not: edit the model
 * other than its view JSON, or know about runs and plots.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-variable-picker.h"
#include "bg-definition.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"
#include "bg-plot-defaults.h"
#include "bg-units.h"
#include "bg-view.h"
#include "bg-widget-util-private.h"

typedef struct
{
  char           *name;        /* "C1.e"; for a header the group's id */
  char           *search_text; /* casefolded name, description and unit */
  GtkListBoxRow  *row;
  GtkCheckButton *check;       /* NULL for a header */
  guint           first, n;    /* header: its variables' entries */
} Entry;

struct _BgVariablePicker
{
  GtkWidget       parent_instance;

  GtkSearchEntry *search;
  GtkListBox     *list;
  BgModel        *model;
  GPtrArray      *entries;     /* Entry, headers and variables in list order */
  GHashTable     *by_row;      /* GtkListBoxRow → Entry */
  GPtrArray      *selected;    /* char *, in the order chosen */
  char           *needle;      /* casefolded search text */
  gboolean        dirty;
  gboolean        syncing;
  guint           indent;      /* the instances open around the rows added now */
};

enum { SIGNAL_SELECTION_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgVariablePicker, bg_variable_picker, GTK_TYPE_WIDGET)

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->name);
  g_free (entry->search_text);
  g_free (entry);
}

/* Variables of a model ------------------------------------------------------- */

static BgDomain
bond_domain (const BgBond *bond)
{
  const BgElement *el = bond->from;

  if (bond->from_port >= 0 && (guint) bond->from_port < el->spec->n_ports)
    return el->spec->ports[bond->from_port].domain;
  return el->spec->domain;
}

static void
add_var (GPtrArray  *names,
         GPtrArray  *units,
         GPtrArray  *descriptions,
         const char *owner,
         const char *suffix,
         const char *unit,
         const char *description)
{
  g_ptr_array_add (names, g_strdup_printf ("%s.%s", owner, suffix));
  if (units != NULL)
    g_ptr_array_add (units, g_strdup (unit != NULL ? unit : ""));
  if (descriptions != NULL)
    g_ptr_array_add (descriptions, g_strdup (description != NULL ? description : ""));
}

/* Element variables of el (and descriptions when asked). */
static void
list_element_vars (const BgElement *el,
                   GPtrArray       *names,
                   GPtrArray       *units,
                   GPtrArray       *descriptions)
{
  for (guint k = 0; k < el->spec->n_vars; k++)
    add_var (names, units, descriptions, el->id, el->spec->vars[k].suffix,
             el->spec->vars[k].unit, _(el->spec->vars[k].description));
}

static void
list_bond_vars (const BgBond *bond,
                GPtrArray    *names,
                GPtrArray    *units,
                GPtrArray    *descriptions)
{
  BgDomain domain = bond_domain (bond);

  add_var (names, units, descriptions, bond->id, "e", bg_domain_effort_unit (domain),
           bg_domain_effort_name (domain));
  add_var (names, units, descriptions, bond->id, "f", bg_domain_flow_unit (domain),
           bg_domain_flow_name (domain));
  add_var (names, units, descriptions, bond->id, "P", "W", _("power"));
}

/* What the variables are of: the flat graph of a model with components
 * (a new reference; NULL when it does not flatten). */
static BgModel *
flat_of (BgModel *model)
{
  if (!bg_model_has_components (model) || bg_model_is_body (model))
    return g_object_ref (model);
  return bg_model_flatten (model, NULL, NULL);
}

void
bg_variable_picker_list_vars (BgModel   *model,
                              GPtrArray *names,
                              GPtrArray *units)
{
  GPtrArray *elements, *bonds;

  g_autoptr(BgModel) flat = NULL;

  g_return_if_fail (BG_IS_MODEL (model));
  g_return_if_fail (names != NULL);

  flat = flat_of (model);
  if (flat == NULL)
    return;
  elements = bg_model_get_elements (flat);
  bonds = bg_model_get_bonds (flat);
  for (guint i = 0; i < elements->len; i++)
    list_element_vars (g_ptr_array_index (elements, i), names, units, NULL);
  for (guint i = 0; i < bonds->len; i++)
    list_bond_vars (g_ptr_array_index (bonds, i), names, units, NULL);
}

/* The view JSON ------------------------------------------------------------------ */

/* Both through bg-view.c, with the file's strict JSON reader and writer. */
GStrv
bg_variable_picker_load_saved (BgModel *model)
{
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  return bg_view_dup_plot_vars (model);
}

/* The choice the plot shows already (the saved one, or the default when
 * the file names none) is no change: double-clicking or pressing Enter on
 * an element whose variables are plotted by default leaves the file as it
 * was, where writing the default list would mark it modified. */
void
bg_variable_picker_save (BgModel           *model,
                         const char *const *names)
{
  g_auto(GStrv) shown = NULL;
  const char *const none[] = { NULL };

  g_return_if_fail (BG_IS_MODEL (model));

  shown = bg_plot_defaults_dup_shown (model);
  if (g_strv_equal ((const char *const *) shown, names != NULL ? names : none))
    return;
  bg_view_set_plot_vars (model, names);
}

static void
add_element_plot_vars (GStrvBuilder    *builder,
                       const BgElement *el)
{
  g_auto(GStrv) suffixes = NULL;

  if (el->spec->plot_vars == NULL || *el->spec->plot_vars == '\0')
    return;
  suffixes = g_strsplit (el->spec->plot_vars, ",", -1);
  for (guint k = 0; suffixes[k] != NULL; k++)
    {
      g_autofree char *name = g_strdup_printf ("%s.%s", el->id, g_strstrip (suffixes[k]));

      g_strv_builder_add (builder, name);
    }
}

GStrv
bg_variable_picker_dup_default (BgModel *model)
{
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  return bg_plot_defaults_dup (model);
}

GStrv
bg_variable_picker_dup_element_vars (BgModel    *model,
                                     const char *element_id)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const BgElement *el;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (element_id != NULL, NULL);

  el = bg_model_find_element (model, element_id);
  if (el != NULL)
    add_element_plot_vars (builder, el);
  else if (strchr (element_id, '.') != NULL)
    {
      /* "T2.C": an element inside an instance, named by its path */
      g_autoptr(BgModel) flat = flat_of (model);

      el = flat != NULL ? bg_model_find_element (flat, element_id) : NULL;
      if (el != NULL)
        add_element_plot_vars (builder, el);
    }
  return g_strv_builder_end (builder);
}

/* The list --------------------------------------------------------------------- */

static gboolean
is_selected (BgVariablePicker *self,
             const char       *name)
{
  for (guint i = 0; i < self->selected->len; i++)
    if (g_str_equal (g_ptr_array_index (self->selected, i), name))
      return TRUE;
  return FALSE;
}

static void
check_toggled_cb (BgVariablePicker *self,
                  GtkCheckButton   *check)
{
  gboolean active = gtk_check_button_get_active (check);
  const char *name = NULL;

  if (self->syncing)
    return;

  for (guint i = 0; i < self->entries->len && name == NULL; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->check == check)
        name = entry->name;
    }
  g_return_if_fail (name != NULL);

  if (active && !is_selected (self, name))
    g_ptr_array_add (self->selected, g_strdup (name));
  else if (!active)
    for (guint i = 0; i < self->selected->len; i++)
      if (g_str_equal (g_ptr_array_index (self->selected, i), name))
        {
          g_ptr_array_remove_index (self->selected, i);
          break;
        }

  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

static gboolean
entry_matches (BgVariablePicker *self,
               const Entry      *entry)
{
  return self->needle == NULL || *self->needle == '\0' ||
         strstr (entry->search_text, self->needle) != NULL;
}

static gboolean
filter_cb (GtkListBoxRow *row,
           gpointer       user_data)
{
  BgVariablePicker *self = user_data;
  Entry *entry = g_hash_table_lookup (self->by_row, row);

  if (entry == NULL)
    return TRUE;
  if (entry->check != NULL)
    return entry_matches (self, entry);
  for (guint i = entry->first; i < entry->first + entry->n; i++)
    if (entry_matches (self, g_ptr_array_index (self->entries, i)))
      return TRUE;
  return FALSE;
}

static void
append_header (BgVariablePicker *self,
               const char       *title,
               const char       *subtitle)
{
  Entry *entry = g_new0 (Entry, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *sub = gtk_label_new (subtitle);

  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_widget_set_margin_top (box, 6);
  /* inside an instance, under its heading */
  gtk_widget_set_margin_start (box, 16 * self->indent);

  entry->name = g_strdup (title);
  entry->search_text = g_utf8_casefold (title, -1);
  entry->row = GTK_LIST_BOX_ROW (gtk_list_box_row_new ());
  gtk_list_box_row_set_child (entry->row, box);
  gtk_list_box_row_set_activatable (entry->row, FALSE);
  gtk_list_box_row_set_selectable (entry->row, FALSE);
  entry->first = self->entries->len + 1;
  g_ptr_array_add (self->entries, entry);
  g_hash_table_insert (self->by_row, entry->row, entry);
  gtk_list_box_append (self->list, GTK_WIDGET (entry->row));
}

static void
append_vars (BgVariablePicker *self,
             GPtrArray        *names,
             GPtrArray        *units,
             GPtrArray        *descriptions)
{
  Entry *header = g_ptr_array_index (self->entries, self->entries->len - 1);

  header->n = names->len;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *unit = bg_units_localize (g_ptr_array_index (units, i));
      const char *description = g_ptr_array_index (descriptions, i);
      g_autofree char *text = *unit != '\0'
        ? g_markup_printf_escaped ("%s  <span alpha=\"60%%\">%s, %s</span>", name, description, unit)
        : g_markup_printf_escaped ("%s  <span alpha=\"60%%\">%s</span>", name, description);
      /* found by either set of symbols: "Pa" or "Па" */
      g_autofree char *search = g_strdup_printf ("%s %s %s %s", name, description, unit,
                                                 (const char *) g_ptr_array_index (units, i));
      Entry *entry = g_new0 (Entry, 1);
      GtkWidget *label;

      entry->name = g_strdup (name);
      entry->search_text = g_utf8_casefold (search, -1);
      entry->check = GTK_CHECK_BUTTON (gtk_check_button_new ());
      label = gtk_label_new (NULL);
      gtk_label_set_markup (GTK_LABEL (label), text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_check_button_set_child (entry->check, label);
      gtk_check_button_set_active (entry->check, is_selected (self, name));
      gtk_widget_set_margin_start (GTK_WIDGET (entry->check), 12 + 16 * self->indent);
      g_signal_connect_object (entry->check, "toggled", G_CALLBACK (check_toggled_cb), self,
                               G_CONNECT_SWAPPED);
      entry->row = GTK_LIST_BOX_ROW (gtk_list_box_row_new ());
      gtk_list_box_row_set_child (entry->row, GTK_WIDGET (entry->check));
      gtk_list_box_row_set_activatable (entry->row, FALSE);
      gtk_list_box_row_set_selectable (entry->row, FALSE);
      g_ptr_array_add (self->entries, entry);
      g_hash_table_insert (self->by_row, entry->row, entry);
      gtk_list_box_append (self->list, GTK_WIDGET (entry->row));
    }
}

/* The instance path an element or bond path lies in: "T2.S1.C" → "T2.S1.",
 * "C" → "". */
static char *
path_of (const char *id)
{
  const char *dot = strrchr (id, '.');

  return dot != NULL ? g_strndup (id, (gsize) (dot - id + 1)) : g_strdup ("");
}

/* The heading of an instance's group: its path, and its component. */
static void
append_instance_header (BgVariablePicker *self,
                        const char       *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  g_autofree char *title = g_strndup (path, strlen (path) - 1);
  g_autofree char *subtitle = NULL;
  BgModel *level = self->model;
  const BgDefinition *def = NULL;

  for (guint i = 0; parts[i] != NULL && parts[i][0] != '\0' && level != NULL; i++)
    {
      BgElement *el = bg_model_find_element (level, parts[i]);

      def = el != NULL ? bg_definition_of_spec (el->spec) : NULL;
      level = def != NULL ? def->body : NULL;
    }
  /* TRANSLATORS: the heading of an instance's variables, e.g. "Tank (component)" */
  subtitle = g_strdup_printf (_("%s (component)"),
                              def != NULL ? (def->label != NULL ? def->label : def->name) : "");
  append_header (self, title, subtitle);
  gtk_widget_add_css_class (GTK_WIDGET (((Entry *) g_ptr_array_index (self->entries,
                                                                       self->entries->len - 1))->row),
                            "instance-heading");
}

static void
append_bond_group (BgVariablePicker *self,
                   const BgBond     *bond)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) descriptions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *subtitle = g_strdup_printf (_("bond %s → %s"), bond->from->id,
                                               bond->to->id);

  list_bond_vars (bond, names, units, descriptions);
  append_header (self, bond->id, subtitle);
  append_vars (self, names, units, descriptions);
}

/* The bonds of the instance at path, then its heading's group ends. */
static void
close_instance (BgVariablePicker *self,
                GHashTable       *bonds_at,
                GPtrArray        *open,
                GArray           *open_first)
{
  const char *path = g_ptr_array_index (open, open->len - 1);
  GPtrArray *bonds = g_hash_table_lookup (bonds_at, path);
  guint header = g_array_index (open_first, guint, open_first->len - 1);
  Entry *entry = g_ptr_array_index (self->entries, header);

  for (guint i = 0; bonds != NULL && i < bonds->len; i++)
    append_bond_group (self, g_ptr_array_index (bonds, i));
  entry->n = self->entries->len - entry->first;
  g_ptr_array_remove_index (open, open->len - 1);
  g_array_remove_index (open_first, open_first->len - 1);
  self->indent = open->len;
}

static void
bg_variable_picker_rebuild (BgVariablePicker *self)
{
  GtkWidget *child;
  GPtrArray *elements, *bonds;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(GHashTable) bonds_at = NULL;
  g_autoptr(GPtrArray) open = NULL;
  g_autoptr(GArray) open_first = NULL;
  GPtrArray *top_bonds;

  self->dirty = FALSE;
  g_hash_table_remove_all (self->by_row);
  g_ptr_array_set_size (self->entries, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  if (self->model == NULL || (flat = flat_of (self->model)) == NULL)
    return;

  self->syncing = TRUE;
  self->indent = 0;
  /* each level's bonds, listed where its group ends */
  bonds_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                    (GDestroyNotify) g_ptr_array_unref);
  bonds = bg_model_get_bonds (flat);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      char *path = path_of (bond->id);
      GPtrArray *list = g_hash_table_lookup (bonds_at, path);

      if (list == NULL)
        g_hash_table_insert (bonds_at, path, list = g_ptr_array_new ());
      else
        g_free (path);
      g_ptr_array_add (list, bond);
    }

  /* the instances open around the element listed now, outermost first */
  open = g_ptr_array_new_with_free_func (g_free);
  open_first = g_array_new (FALSE, FALSE, sizeof (guint));
  elements = bg_model_get_elements (flat);
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) descriptions = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *path = path_of (el->id);

      while (open->len > 0 && !g_str_has_prefix (path, g_ptr_array_index (open, open->len - 1)))
        close_instance (self, bonds_at, open, open_first);
      while (strlen (open->len > 0 ? (const char *) g_ptr_array_index (open, open->len - 1) : "")
             < strlen (path))
        {
          const char *from = open->len > 0 ? g_ptr_array_index (open, open->len - 1) : "";
          const char *dot = strchr (path + strlen (from), '.');
          char *inner = g_strndup (path, (gsize) (dot - path + 1));
          guint header = self->entries->len;

          append_instance_header (self, inner);
          g_ptr_array_add (open, inner);
          g_array_append_val (open_first, header);
          self->indent = open->len;
        }
      list_element_vars (el, names, units, descriptions);
      if (names->len == 0)
        continue;
      append_header (self, el->id, _(el->spec->name));
      append_vars (self, names, units, descriptions);
    }
  while (open->len > 0)
    close_instance (self, bonds_at, open, open_first);
  top_bonds = g_hash_table_lookup (bonds_at, "");
  for (guint i = 0; top_bonds != NULL && i < top_bonds->len; i++)
    append_bond_group (self, g_ptr_array_index (top_bonds, i));
  self->syncing = FALSE;
  gtk_list_box_invalidate_filter (self->list);
}

static void
model_changed_cb (BgVariablePicker *self,
                  BgModel          *model)
{
  self->dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    bg_variable_picker_rebuild (self);
}

static void
search_changed_cb (BgVariablePicker *self,
                   GtkSearchEntry   *search)
{
  bg_variable_picker_set_search (self, gtk_editable_get_text (GTK_EDITABLE (search)));
}

/* Public ------------------------------------------------------------------------ */

GtkWidget *
bg_variable_picker_new (void)
{
  return g_object_new (BG_TYPE_VARIABLE_PICKER, NULL);
}

void
bg_variable_picker_set_model (BgVariablePicker *self,
                              BgModel          *model)
{
  g_return_if_fail (BG_IS_VARIABLE_PICKER (self));
  g_return_if_fail (model == NULL || BG_IS_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                             G_CONNECT_SWAPPED);
  model_changed_cb (self, model);
}

void
bg_variable_picker_set_selected (BgVariablePicker  *self,
                                 const char *const *names)
{
  g_return_if_fail (BG_IS_VARIABLE_PICKER (self));

  g_ptr_array_set_size (self->selected, 0);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (!is_selected (self, names[i]))
      g_ptr_array_add (self->selected, g_strdup (names[i]));

  self->syncing = TRUE;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->check != NULL)
        gtk_check_button_set_active (entry->check, is_selected (self, entry->name));
    }
  self->syncing = FALSE;
}

GStrv
bg_variable_picker_dup_selected (BgVariablePicker *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (BG_IS_VARIABLE_PICKER (self), NULL);

  for (guint i = 0; i < self->selected->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->selected, i));
  return g_strv_builder_end (builder);
}

void
bg_variable_picker_set_search (BgVariablePicker *self,
                               const char       *text)
{
  g_return_if_fail (BG_IS_VARIABLE_PICKER (self));

  g_free (self->needle);
  self->needle = text != NULL ? g_utf8_casefold (text, -1) : NULL;
  gtk_list_box_invalidate_filter (self->list);
}

guint
bg_variable_picker_count_visible (BgVariablePicker *self)
{
  guint n = 0;

  g_return_val_if_fail (BG_IS_VARIABLE_PICKER (self), 0);

  if (self->dirty)
    bg_variable_picker_rebuild (self);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->check != NULL && entry_matches (self, entry))
        n++;
    }
  return n;
}

/* GObject ------------------------------------------------------------------------ */

static void
bg_variable_picker_map (GtkWidget *widget)
{
  BgVariablePicker *self = BG_VARIABLE_PICKER (widget);

  if (self->dirty)
    bg_variable_picker_rebuild (self);
  GTK_WIDGET_CLASS (bg_variable_picker_parent_class)->map (widget);
}

static void
bg_variable_picker_dispose (GObject *object)
{
  BgVariablePicker *self = BG_VARIABLE_PICKER (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  _bg_widget_unparent_children (GTK_WIDGET (self));

  G_OBJECT_CLASS (bg_variable_picker_parent_class)->dispose (object);
}

static void
bg_variable_picker_finalize (GObject *object)
{
  BgVariablePicker *self = BG_VARIABLE_PICKER (object);

  g_hash_table_unref (self->by_row);
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->selected);
  g_free (self->needle);

  G_OBJECT_CLASS (bg_variable_picker_parent_class)->finalize (object);
}

static void
bg_variable_picker_class_init (BgVariablePickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_variable_picker_dispose;
  object_class->finalize = bg_variable_picker_finalize;
  widget_class->map = bg_variable_picker_map;

  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bgvariablepicker");
}

static void
bg_variable_picker_init (BgVariablePicker *self)
{
  GtkWidget *scrolled;

  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->by_row = g_hash_table_new (NULL, NULL);
  self->selected = g_ptr_array_new_with_free_func (g_free);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 6);

  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_search_entry_set_key_capture_widget (self->search, GTK_WIDGET (self));
  g_object_set (self->search, "placeholder-text", _("Search variables"), NULL);
  g_signal_connect_object (self->search, "search-changed", G_CALLBACK (search_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_set_parent (GTK_WIDGET (self->search), GTK_WIDGET (self));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_filter_func (self->list, filter_cb, self, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_parent (scrolled, GTK_WIDGET (self));
}
