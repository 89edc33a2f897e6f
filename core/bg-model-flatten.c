/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-flatten.c — a model with components as the flat graph it stands
 * for (see bg-model-flatten.h for the rules).
 *
 * Owns: the expansion of each level (elements in place, an instance's
 * parameters consumed in its spec's order, so a walk needs no lookups),
 * the resolution of bond ends through ports, and the map back. Builds the
 * flat model's elements and bonds directly and inserts them in two
 * unrecorded batches. Must not: change the input model.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model-flatten.h"
#include "bg-model-private.h"
#include "bg-definition.h"

typedef struct
{
  char    *flat_id;
  gboolean same_direction;
} Alias;

struct _BgFlatMap
{
  GHashTable *aliases; /* path → Alias */
};

typedef struct
{
  char    *path;
  gboolean same_direction; /* as the bond it leads through */
} PathDir;

/* One port of an expanded instance: where its bond inside landed. */
typedef struct
{
  Element  *inner;        /* the flat element, or NULL: no bond inside */
  int       inner_port;
  gboolean  out_of_port;  /* the bond inside is drawn out of the Port */
  GArray   *paths;        /* PathDir: bonds that lead here, relative to the last one */
  gboolean  used;         /* a bond outside took it */
  guint     slot;         /* its place in the flat bond list, kept for the bond through it */
} PortRec;

typedef struct
{
  GPtrArray  *elements;  /* Element*, flat order */
  GPtrArray  *bonds;     /* Bond*, flat order */
  GHashTable *aliases;   /* path → Alias */
  GError    **error;
} Flattener;

/* What a bond end of one level turns out to be. */
typedef struct
{
  Element *el;       /* a flat end, or NULL for this level's own Port */
  int      port;
  guint    my_port;  /* this level's port number when el is NULL */
  PortRec *through;  /* the nested instance port it went through, or NULL */
} Terminal;

static void
port_rec_clear (PortRec *rec)
{
  for (guint i = 0; rec->paths != NULL && i < rec->paths->len; i++)
    g_free (g_array_index (rec->paths, PathDir, i).path);
  g_clear_pointer (&rec->paths, g_array_unref);
}

static void
alias_free (gpointer data)
{
  Alias *a = data;

  g_free (a->flat_id);
  g_free (a);
}

static void
add_alias (Flattener  *f,
           const char *path,
           const char *flat_id,
           gboolean    same_direction)
{
  Alias *a = g_new (Alias, 1);

  a->flat_id = g_strdup (flat_id);
  a->same_direction = same_direction;
  g_hash_table_replace (f->aliases, g_strdup (path), a);
}

static Element *
new_flat_element (Flattener             *f,
                  const BgComponentSpec *spec,
                  const char            *prefix,
                  const BgElement       *from)
{
  g_autofree char *id = g_strconcat (prefix, from->id, NULL);
  Element *el = _bg_model_element_new (spec, id, from->x, from->y);

  el->pub.rotation = from->rotation;
  el->pub.label = g_strdup (from->label);
  g_ptr_array_add (f->elements, el);
  return el;
}

/* A Port left in the flat graph, named by its path ("T1.IN"). */
static Element *
new_flat_port (Flattener  *f,
               const char *path,
               BgDomain    domain)
{
  Element *el = _bg_model_element_new (bg_library_lookup ("Port", domain), path, 0, 0);

  g_ptr_array_add (f->elements, el);
  return el;
}

/* slot: a place kept in the flat bond list (a bond through a port takes
 * the place of its part inside), or G_MAXUINT to append. */
static void
emit_bond (Flattener  *f,
           const char *id,
           Element    *from,
           int         from_port,
           Element    *to,
           int         to_port,
           BgArrow     arrow,
           BgStroke    stroke,
           guint       slot)
{
  Bond *b = _bg_model_bond_new (id, from, from_port, to, to_port);

  b->pub.arrow = arrow;
  b->pub.exercise = stroke;
  if (slot == G_MAXUINT)
    g_ptr_array_add (f->bonds, b);
  else
    f->bonds->pdata[slot] = b;
}

/* Where a bond through these ends goes: the first place kept. */
static guint
slot_for (const PortRec *a,
          const PortRec *b)
{
  guint sa = a != NULL ? a->slot : G_MAXUINT;
  guint sb = b != NULL ? b->slot : G_MAXUINT;

  return MIN (sa, sb);
}

/* Parameters from the instance's values, or the element's own at the top. */
static gboolean
set_params (Flattener          *f,
            Element            *el,
            const BgElement    *from,
            const BgParamValue *values,
            guint              *cursor)
{
  const BgComponentSpec *spec = el->pub.spec;
  const BgParamValue *src = values != NULL ? values + *cursor : from->params;

  for (guint i = 0; i < spec->n_params; i++)
    {
      bg_param_value_clear (&el->pub.params[i]);
      bg_param_value_copy (&el->pub.params[i], &src[i]);
    }
  if (values == NULL)
    return TRUE;
  *cursor += spec->n_params;
  /* An instance's values were checked one by one; here they meet. */
  for (guint i = 0; i < spec->n_params; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!bg_param_value_check (&el->pub.params[i], &spec->params[i], &local_error))
        {
          g_set_error (f->error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                       "%s.%s: %s", el->pub.id, spec->params[i].name, local_error->message);
          return FALSE;
        }
    }
  if (spec->validate != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (!spec->validate (spec, el->pub.params, &local_error))
        {
          g_set_error (f->error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                       "%s: %s", el->pub.id, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean expand (Flattener *f, BgModel *level, const char *prefix,
                        const BgParamValue *values, guint *cursor, PortRec *ports,
                        GHashTable *inner_strokes);

/* The end of a bond of this level: a flat element, this level's Port, or
 * (through a nested instance's port) the flat end inside it. */
static Terminal
resolve (Flattener   *f,
         GHashTable  *flat_of,  /* level element → Element* or PortRec[] */
         GHashTable  *port_number,
         BgElement   *el,
         int          port,
         const char  *prefix)
{
  Terminal t = { NULL, -1, 0, NULL };
  const BgDefinition *def = bg_definition_of_spec (el->spec);

  if (el->spec->kind->boundary)
    {
      t.my_port = GPOINTER_TO_UINT (g_hash_table_lookup (port_number, el));
      return t;
    }
  if (def == NULL)
    {
      t.el = g_hash_table_lookup (flat_of, el);
      t.port = port;
      return t;
    }
  t.through = &((PortRec *) g_hash_table_lookup (flat_of, el))[port];
  t.through->used = TRUE;
  if (t.through->inner != NULL)
    {
      t.el = t.through->inner;
      t.port = t.through->inner_port;
    }
  else
    {
      g_autofree char *path = g_strconcat (prefix, el->id, ".", def->spec->ports[port].name, NULL);

      /* A Port with no bond inside: left for the analyzer to name. */
      t.el = new_flat_port (f, path, def->spec->ports[port].domain);
      t.port = 0;
      t.through = NULL;
    }
  return t;
}

/* The aliases of a port a bond went through now lead to flat_id; same
 * tells whether that bond runs as the flat one. */
static void
alias_through (Flattener  *f,
               PortRec    *rec,
               gboolean    into_instance,
               const char *flat_id,
               gboolean    same)
{
  /* The bond inside continues the one outside when one runs into the
   * port and the other out of it. */
  gboolean inner_same = same == (rec->out_of_port == into_instance);

  for (guint i = 0; rec->paths != NULL && i < rec->paths->len; i++)
    {
      PathDir *p = &g_array_index (rec->paths, PathDir, i);

      add_alias (f, p->path, flat_id, inner_same == p->same_direction);
    }
}

static void
collect_through (PortRec  *to_rec,
                 PortRec  *rec,
                 gboolean  into_instance)
{
  gboolean inner_same = rec->out_of_port == into_instance;

  for (guint i = 0; rec->paths != NULL && i < rec->paths->len; i++)
    {
      PathDir *p = &g_array_index (rec->paths, PathDir, i);
      PathDir copy = { g_strdup (p->path), inner_same == p->same_direction };

      g_array_append_val (to_rec->paths, copy);
    }
}

static BgStroke
stroke_of (GHashTable *inner_strokes,
           const char *path,
           BgStroke    own)
{
  gpointer s;

  if (inner_strokes != NULL && g_hash_table_lookup_extended (inner_strokes, path, NULL, &s))
    return (BgStroke) GPOINTER_TO_INT (s);
  return own;
}

static gboolean
connect_level_bond (Flattener  *f,
                    BgBond     *b,
                    Terminal    from,
                    Terminal    to,
                    const char *prefix,
                    PortRec    *ports,
                    GHashTable *inner_strokes)
{
  g_autofree char *path = g_strconcat (prefix, b->id, NULL);
  BgStroke stroke = stroke_of (inner_strokes, path, b->exercise);

  if (from.el == NULL && to.el == NULL)
    {
      g_set_error (f->error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE,
                   _("%s joins two ports of its component directly; put a junction between them"),
                   path);
      return FALSE;
    }
  if (from.el != NULL && to.el != NULL)
    {
      emit_bond (f, path, from.el, from.port, to.el, to.port, b->arrow, stroke,
                 slot_for (from.through, to.through));
      if (from.through != NULL)
        alias_through (f, from.through, FALSE, path, TRUE);
      if (to.through != NULL)
        alias_through (f, to.through, TRUE, path, TRUE);
      return TRUE;
    }

  /* One end is this level's Port: the bond is the inside of that port. */
  {
    gboolean out_of_port = from.el == NULL;
    Terminal *port_end = out_of_port ? &from : &to;
    Terminal *other = out_of_port ? &to : &from;
    PortRec *rec = &ports[port_end->my_port];
    PathDir own = { g_steal_pointer (&path), TRUE };

    rec->inner = other->el;
    rec->inner_port = other->port;
    /* The place of the innermost part, kept until the bond is whole. */
    if (other->through != NULL)
      rec->slot = other->through->slot;
    else
      {
        rec->slot = f->bonds->len;
        g_ptr_array_add (f->bonds, NULL);
      }
    rec->out_of_port = out_of_port;
    rec->paths = g_array_new (FALSE, FALSE, sizeof (PathDir));
    g_array_append_val (rec->paths, own);
    if (other->through != NULL)
      collect_through (rec, other->through, other == &to);
    (void) stroke;
  }
  return TRUE;
}

/* Ports of the nested instances nothing outside took: each stays a Port
 * element, bonded to what is inside, so the analyzer names it. */
static void
close_unused_ports (Flattener             *f,
                    const char            *prefix,
                    const BgElement       *instance,
                    const BgDefinition    *def,
                    PortRec               *recs,
                    GHashTable            *inner_strokes)
{
  for (guint k = 0; k < def->spec->n_ports; k++)
    {
      PortRec *rec = &recs[k];
      g_autofree char *path = NULL;
      const char *bond_id;
      Element *port;

      if (rec->used || rec->inner == NULL)
        continue;
      path = g_strconcat (prefix, instance->id, ".", def->spec->ports[k].name, NULL);
      port = new_flat_port (f, path, def->spec->ports[k].domain);
      bond_id = g_array_index (rec->paths, PathDir, 0).path;
      if (rec->out_of_port)
        emit_bond (f, bond_id, port, 0, rec->inner, rec->inner_port, BG_ARROW_FORWARD,
                   stroke_of (inner_strokes, bond_id, BG_STROKE_NONE), rec->slot);
      else
        emit_bond (f, bond_id, rec->inner, rec->inner_port, port, 0, BG_ARROW_FORWARD,
                   stroke_of (inner_strokes, bond_id, BG_STROKE_NONE), rec->slot);
      for (guint i = 1; i < rec->paths->len; i++)
        {
          PathDir *p = &g_array_index (rec->paths, PathDir, i);

          add_alias (f, p->path, bond_id, p->same_direction);
        }
    }
}

static gboolean
expand (Flattener          *f,
        BgModel            *level,
        const char         *prefix,
        const BgParamValue *values,
        guint              *cursor,
        PortRec            *ports,
        GHashTable         *inner_strokes)
{
  GPtrArray *elements = bg_model_get_elements (level);
  GPtrArray *bonds = bg_model_get_bonds (level);
  g_autoptr(GHashTable) flat_of = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) port_number = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) nested = g_ptr_array_new ();  /* instance, PortRec[] pairs */
  gboolean ok = TRUE;
  guint n_ports = 0;

  for (guint i = 0; ok && i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      const BgDefinition *def = bg_definition_of_spec (el->spec);

      if (el->spec->kind->boundary)
        g_hash_table_insert (port_number, el, GUINT_TO_POINTER (n_ports++));
      else if (def != NULL)
        {
          g_autofree char *inner_prefix = g_strconcat (prefix, el->id, ".", NULL);
          PortRec *recs = g_new0 (PortRec, MAX (def->spec->n_ports, 1));
          guint own_cursor = 0;

          g_ptr_array_add (nested, el);
          g_ptr_array_add (nested, recs);
          g_hash_table_insert (flat_of, el, recs);
          /* At the top an instance's values are its own; deeper they are
           * the outer instance's, in the same order its spec lists them. */
          ok = values != NULL
               ? expand (f, def->body, inner_prefix, values, cursor, recs, inner_strokes)
               : expand (f, def->body, inner_prefix, el->params, &own_cursor, recs, inner_strokes);
        }
      else
        {
          Element *flat = new_flat_element (f, el->spec, prefix, el);

          g_hash_table_insert (flat_of, el, flat);
          ok = set_params (f, flat, el, values, cursor);
        }
    }

  for (guint i = 0; ok && i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      Terminal from = resolve (f, flat_of, port_number, b->from, b->from_port, prefix);
      Terminal to = resolve (f, flat_of, port_number, b->to, b->to_port, prefix);

      ok = connect_level_bond (f, b, from, to, prefix, ports, inner_strokes);
    }

  for (guint i = 0; i + 1 < nested->len; i += 2)
    {
      const BgElement *instance = g_ptr_array_index (nested, i);
      PortRec *recs = g_ptr_array_index (nested, i + 1);
      const BgDefinition *def = bg_definition_of_spec (instance->spec);

      if (ok)
        close_unused_ports (f, prefix, instance, def, recs, inner_strokes);
      for (guint k = 0; k < def->spec->n_ports; k++)
        port_rec_clear (&recs[k]);
      g_free (recs);
    }
  return ok;
}

static void
insert_all (BgModel   *flat,
            GPtrArray *items,
            OpKind     kind)
{
  Op op;

  if (items->len == 0)
    return;
  op = _bg_model_batch_op (kind, items->len);
  for (guint i = 0; i < items->len; i++)
    {
      op.u.batch.indices[i] = i;
      op.u.batch.items[i] = g_ptr_array_index (items, i); /* the op takes the reference */
    }
  g_ptr_array_set_size (items, 0);
  _bg_model_edit_begin (flat, NULL);
  _bg_model_record (flat, &op);
  _bg_model_edit_end (flat);
}

BgModel *
bg_model_flatten (BgModel    *model,
                  BgFlatMap **map,
                  GError    **error)
{
  Flattener f = { 0 };
  BgModel *flat;
  gboolean ok;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (map != NULL)
    *map = NULL;
  if (!bg_model_has_components (model))
    return g_object_ref (model);

  f.elements = g_ptr_array_new ();
  f.bonds = g_ptr_array_new ();
  f.aliases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, alias_free);
  f.error = error;
  ok = expand (&f, model, "", NULL, NULL, NULL, model->inner_strokes);

  /* Places kept for bonds through two ports: the second one stays empty. */
  if (ok)
    {
      guint kept = 0;

      for (guint i = 0; i < f.bonds->len; i++)
        if (f.bonds->pdata[i] != NULL)
          f.bonds->pdata[kept++] = f.bonds->pdata[i];
      g_ptr_array_set_size (f.bonds, kept);
    }

  flat = bg_model_new ();
  if (ok)
    {
      bg_model_begin_unrecorded (flat);
      bg_model_set_name (flat, bg_model_get_name (model), NULL);
      flat->simulation = *bg_model_get_simulation (model);
      insert_all (flat, f.elements, OP_INSERT_ELEMENTS);
      insert_all (flat, f.bonds, OP_INSERT_BONDS);
      bg_model_end_group (flat);
      bg_model_clear_history (flat);
    }
  for (guint i = 0; i < f.elements->len; i++)
    _bg_model_element_unref (f.elements->pdata[i]);
  for (guint i = 0; i < f.bonds->len; i++)
    if (f.bonds->pdata[i] != NULL)
      _bg_model_bond_unref (f.bonds->pdata[i]);
  g_ptr_array_unref (f.elements);
  g_ptr_array_unref (f.bonds);
  if (!ok)
    {
      g_hash_table_unref (f.aliases);
      g_object_unref (flat);
      return NULL;
    }
  if (map != NULL)
    {
      *map = g_new0 (BgFlatMap, 1);
      (*map)->aliases = f.aliases;
    }
  else
    g_hash_table_unref (f.aliases);
  return flat;
}

const char *
bg_flat_map_bond (BgFlatMap  *map,
                  const char *path,
                  gboolean   *same_direction)
{
  Alias *a;

  g_return_val_if_fail (path != NULL, NULL);

  if (same_direction != NULL)
    *same_direction = TRUE;
  if (map == NULL || (a = g_hash_table_lookup (map->aliases, path)) == NULL)
    return path;
  if (same_direction != NULL)
    *same_direction = a->same_direction;
  return a->flat_id;
}

void
bg_flat_map_free (BgFlatMap *map)
{
  if (map == NULL)
    return;
  g_hash_table_unref (map->aliases);
  g_free (map);
}
