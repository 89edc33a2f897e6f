/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-edit.c — a fuzz target for editing: the model, its history, the analyzer.
 *
 * Owns: reading the input as a program of edits (add, connect, remove,
 * parameters, rename, arrows, rotation, groups, undo, redo, settings) applied
 * through the public bg_model_* calls, analysing (and compiling what
 * analyses cleanly) after some of them, and
 * checking what must hold whatever the edits: refusals carry a message; a
 * refused edit changes nothing (same saved text, same revision); the saved
 * text of the result loads again and saves identically; from the newest
 * state, undoing every step gives an empty model and redoing them all gives
 * the same text back.
 * Must not: keep state between runs or reach into the model's private data.
 *
 * Build: CC=clang meson setup _build-fuzz -Dfuzzing=true
 * Run:   _build-fuzz/tests/fuzz/fuzz-edit -max_total_time=600 DIR
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-library.h"
#include "bg-model.h"
#include "fuzz-fail.h"

#define MAX_OPS 200

typedef struct
{
  const guint8 *data;
  gsize         size;
  gsize         pos;
} Input;

static guint
take (Input *in,
      guint  n)
{
  if (n == 0 || in->pos >= in->size)
    return 0;
  return in->data[in->pos++] % n;
}

static const char *const id_pool[] = {
  "A", "B", "J1", "R1", "C1", "b1", "b2", "X_9", "p1", "U",
};

static const double number_pool[] = {
  1.0, 0.5, 2.0, 1e-12, 1e9, 0.0, -1.0, 0.3, 1e308, -1e-300, 0.05, 0.025,
};

static char *
save (BgModel *model)
{
  gsize length;

  return bg_file_to_data (model, &length);
}

/* A random element id, or NULL when there are none. */
static const char *
pick_element (Input   *in,
              BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);
  BgElement *el;

  if (elements->len == 0)
    return NULL;
  el = g_ptr_array_index (elements, take (in, elements->len));
  return el->id;
}

static const char *
pick_bond (Input   *in,
           BgModel *model)
{
  GPtrArray *bonds = bg_model_get_bonds (model);
  BgBond *bond;

  if (bonds->len == 0)
    return NULL;
  bond = g_ptr_array_index (bonds, take (in, bonds->len));
  return bond->id;
}

/* "EL" or "EL.PORT" with a port of the element's spec (or a bad one). */
static char *
pick_ref (Input   *in,
          BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);
  BgElement *el;
  guint choice;

  if (elements->len == 0)
    return g_strdup ("NOPE");
  el = g_ptr_array_index (elements, take (in, elements->len));
  choice = take (in, 8);
  if (el->spec->n_ports > 0 && choice < 6)
    return g_strdup_printf ("%s.%s", el->id,
                            el->spec->ports[choice % el->spec->n_ports].name);
  if (choice == 7)
    return g_strdup_printf ("%s.Z", el->id);
  return g_strdup (el->id);
}

static void
check_refusal (GError *error,
               const char *what)
{
  if (error == NULL || error->message == NULL || error->message[0] == '\0')
    fuzz_fail ("%s was refused without a message", what);
}

/* Applies one edit; returns FALSE if it was refused (model untouched). */
static gboolean
apply_one (Input   *in,
           BgModel *model,
           int     *group_depth)
{
  g_autoptr(GError) error = NULL;
  guint n_specs = 0;
  const BgComponentSpec *const *specs = bg_library_get_all (&n_specs);
  const char *what = "an edit";
  gboolean ok = TRUE;

  switch (take (in, 16))
    {
    case 0:
    case 1:
      {
        const BgComponentSpec *spec = specs[take (in, n_specs)];
        BgDomain domain = spec->domain != BG_DOMAIN_NONE && take (in, 4) != 0
                          ? spec->domain : (BgDomain) take (in, BG_N_DOMAINS);
        const char *id = take (in, 3) == 0 ? id_pool[take (in, G_N_ELEMENTS (id_pool))] : NULL;

        what = "add_element";
        ok = bg_model_add_element (model, spec->type, domain, id,
                                   take (in, 64) * 10.0, take (in, 64) * 10.0,
                                   &error) != NULL;
      }
      break;
    case 2:
    case 3:
      {
        g_autofree char *from = pick_ref (in, model);
        g_autofree char *to = pick_ref (in, model);
        const char *id = take (in, 4) == 0 ? id_pool[take (in, G_N_ELEMENTS (id_pool))] : NULL;
        gboolean can;
        g_autoptr(GError) can_error = NULL;

        what = "connect";
        can = bg_model_can_connect (model, from, to, &can_error);
        ok = bg_model_connect (model, from, to, id, &error) != NULL;
        /* can_connect does not know about the id; a refused id is the only
         * way the two may disagree. */
        if (can != ok && !(can && id != NULL))
          fuzz_fail ("can_connect (%s, %s) said %d but connect did %d: %s",
                   from, to, can, ok,
                   error != NULL ? error->message
                   : can_error != NULL ? can_error->message : "");
        if (!can)
          check_refusal (can_error, "can_connect");
      }
      break;
    case 4:
      {
        const char *ids[2] = { pick_element (in, model), pick_element (in, model) };
        guint n = ids[0] == NULL ? 0 : (ids[1] != NULL && take (in, 2)) ? 2 : 1;

        what = "remove_elements";
        if (n == 0)
          ids[0] = "NOPE", n = 1;
        ok = bg_model_remove_elements (model, ids, n, &error);
      }
      break;
    case 5:
      {
        const char *id = pick_bond (in, model);

        what = "remove_bonds";
        ok = bg_model_remove_bonds (model, (const char *[]) { id ? id : "NOPE" }, 1, &error);
      }
      break;
    case 6:
      {
        const char *id = pick_element (in, model);
        BgElement *el = id != NULL ? bg_model_find_element (model, id) : NULL;
        const char *name = "value";
        double value = number_pool[take (in, G_N_ELEMENTS (number_pool))];

        if (el != NULL && el->spec->n_params > 0 && take (in, 5) != 0)
          name = el->spec->params[take (in, el->spec->n_params)].name;
        if (take (in, 8) == 0)
          value = take (in, 2) ? NAN : INFINITY;
        what = "set_param_number";
        ok = bg_model_set_param_number (model, id ? id : "NOPE", name, value, &error);
      }
      break;
    case 7:
    case 8:
      /* Undo and redo are refused inside a group by contract. */
      if (*group_depth > 0)
        return TRUE;
      return take (in, 2) ? bg_model_undo (model) : bg_model_redo (model);
    case 9:
      {
        const char *id = pick_element (in, model);

        what = "move_elements";
        ok = bg_model_move_elements (model, (const char *[]) { id ? id : "NOPE" }, 1,
                                     take (in, 41) - 20.0, take (in, 41) - 20.0, &error);
      }
      break;
    case 10:
      {
        const char *id = pick_element (in, model);
        g_autofree char *old_id = g_strdup (id);

        what = "rename_element";
        ok = bg_model_rename_element (model, old_id ? old_id : "NOPE",
                                      id_pool[take (in, G_N_ELEMENTS (id_pool))], &error);
      }
      break;
    case 11:
      {
        const char *id = pick_bond (in, model);

        what = take (in, 2) ? "reverse_arrow" : "flip_bond_direction";
        ok = what[0] == 'r'
             ? bg_model_reverse_arrow (model, id ? id : "NOPE", &error)
             : bg_model_flip_bond_direction (model, id ? id : "NOPE", &error);
      }
      break;
    case 12:
      {
        const char *id = pick_element (in, model);
        static const int rotations[] = { 0, 90, 180, 270, 45, -90 };

        what = take (in, 2) ? "set_rotation" : "set_label";
        if (what[4] == 'r')
          ok = bg_model_set_rotation (model, id ? id : "NOPE",
                                      rotations[take (in, G_N_ELEMENTS (rotations))], &error);
        else
          ok = bg_model_set_label (model, id ? id : "NOPE",
                                   take (in, 3) ? "label" : NULL, &error);
      }
      break;
    case 13:
      if (*group_depth > 0 && take (in, 2))
        {
          bg_model_end_group (model);
          (*group_depth)--;
        }
      else if (*group_depth < 3)
        {
          bg_model_begin_group (model, "group");
          (*group_depth)++;
        }
      return TRUE;
    case 14:
      {
        BgSimSettings settings;

        bg_sim_settings_init_default (&settings);
        settings.t_end = number_pool[take (in, G_N_ELEMENTS (number_pool))];
        settings.output_step = take (in, 3) == 0
                               ? number_pool[take (in, G_N_ELEMENTS (number_pool))] : 0;
        settings.rtol = take (in, 2) ? 1e-6 : number_pool[take (in, G_N_ELEMENTS (number_pool))];
        what = "set_simulation";
        ok = bg_model_set_simulation (model, &settings, &error);
      }
      break;
    default:
      {
        g_autoptr(BgCausality) causality = bg_causality_analyze (model);
        g_autofree char *summary = bg_causality_dup_summary (causality);
        g_autofree char *json = bg_causality_to_json (causality);

        if (bg_causality_get_n_bonds (causality) != bg_model_get_bonds (model)->len)
          fuzz_fail ("the analysis has %u bonds, the model %u",
                   bg_causality_get_n_bonds (causality), bg_model_get_bonds (model)->len);
        if (summary == NULL || summary[0] == '\0' || json == NULL)
          fuzz_fail ("the analysis gave no summary or JSON");
        if (bg_causality_is_ok (causality))
          {
            g_autoptr(GError) compile_error = NULL;
            g_autoptr(BgPlan) plan = bg_compiler_compile (model, causality, NULL,
                                                          &compile_error);

            if (plan == NULL)
              check_refusal (compile_error, "compile");
          }
      }
      return TRUE;
    }

  if (!ok)
    check_refusal (error, what);
  return ok;
}

static void
run (Input *in)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autofree char *final = NULL;
  g_autofree char *tip = NULL;
  int group_depth = 0;
  guint n_steps = 0;

  for (guint op = 0; op < MAX_OPS && in->pos < in->size; op++)
    {
      g_autofree char *before = group_depth == 0 ? save (model) : NULL;
      guint64 revision = bg_model_get_revision (model);

      if (!apply_one (in, model, &group_depth) && before != NULL)
        {
          g_autofree char *after = save (model);

          if (strcmp (before, after) != 0 || bg_model_get_revision (model) != revision)
            fuzz_fail ("a refused edit changed the model:\n%s\n----\n%s", before, after);
        }
    }
  while (group_depth-- > 0)
    bg_model_end_group (model);

  /* The result saves, loads and saves identically. */
  final = save (model);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BgModel) loaded = bg_file_load_from_data (final, -1, &error);
    g_autofree char *resaved = NULL;

    if (loaded == NULL)
      fuzz_fail ("an edited model did not load after saving: %s\n%s", error->message, final);
    resaved = save (loaded);
    if (strcmp (final, resaved) != 0)
      fuzz_fail ("an edited model saved differently after loading:\n%s\n----\n%s",
               final, resaved);
  }

  /* Redo whatever the edits left undone, to reach the newest state; then
   * undo everything (an empty model) and redo everything (the same text). */
  while (bg_model_can_redo (model))
    if (!bg_model_redo (model))
      fuzz_fail ("can_redo but redo failed");
  tip = save (model);
  while (bg_model_can_undo (model))
    {
      if (!bg_model_undo (model))
        fuzz_fail ("can_undo but undo failed");
      if (++n_steps > 10 * MAX_OPS)
        fuzz_fail ("undo does not end");
    }
  if (bg_model_get_elements (model)->len != 0 || bg_model_get_bonds (model)->len != 0)
    fuzz_fail ("undoing every step left %u elements and %u bonds",
               bg_model_get_elements (model)->len, bg_model_get_bonds (model)->len);
  while (bg_model_can_redo (model))
    if (!bg_model_redo (model))
      fuzz_fail ("can_redo but redo failed");
  {
    g_autofree char *again = save (model);

    if (strcmp (tip, again) != 0)
      fuzz_fail ("undoing and redoing every step gave a different model:\n%s\n----\n%s",
                 tip, again);
  }
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  Input in = { data, size, 0 };

  run (&in);
  return 0;
}
