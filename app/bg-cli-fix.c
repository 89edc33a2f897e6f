/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-fix.c — `bgmod-cli fix MODEL.bgmod --output OUT.bgmod [--remedy K]`.
 *
 * Owns: applying remedy K (default 1) of the model's first causal conflict,
 * as `analyze --json` lists them, and writing the result; the exit code: 0
 * when written, 1 when the model is invalid, has no conflict or no such
 * remedy, 2 for a usage error, an unreadable model or an unwritable output
 * (written through bg-cli-output.c: a regular file replaced whole, a FIFO
 * written into, a device refused). The top-level keys the format does not
 * define (docs/file-format.md ignores them when reading) are carried from
 * the model file into the output as they were. Must not: decide remedies
 * itself (bg-remedy.c does).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-cli-output.h"
#include "bg-file.h"
#include "bg-json.h"
#include "bg-remedy.h"

/* The top-level keys of docs/file-format.md: the model's own, written from
 * the model (or left out when it has none), never carried over. */
static const char *const format_keys[] = {
  "format", "version", "name", "elements", "bonds", "simulation", "exercise", "view", NULL
};

/* The fixed model's text with the members of the original's top level
 * that it lacks and the format does not define, at its end, in their
 * order. */
static char *
carry_unknown_keys (char *fixed, const char *original, gsize original_length)
{
  const BgJsonLimits limits = { BG_FILE_MAX_BYTES, G_MAXUINT32 / 2, BG_FILE_MAX_DEPTH };
  g_autoptr(BgJsonDoc) old_doc = NULL;
  g_autoptr(BgJsonDoc) new_doc = NULL;
  g_autoptr(GString) extra = g_string_new (NULL);
  GString *out;
  gsize end;

  if (original == NULL)
    return fixed;
  old_doc = bg_json_parse (original, original_length, &limits, NULL);
  new_doc = bg_json_parse (fixed, strlen (fixed), &limits, NULL);
  if (old_doc == NULL || new_doc == NULL || bg_json_get (old_doc, 0)->type != BG_JSON_OBJECT)
    return fixed;
  for (guint32 c = bg_json_get_first (old_doc, 0); c != 0; c = bg_json_get_next (old_doc, c))
    {
      const char *key = bg_json_get_key (old_doc, c);

      if (g_strv_contains (format_keys, key) || bg_json_get_member (new_doc, 0, key) != 0)
        continue;
      g_string_append (extra, ",\n  ");
      bg_json_append_string (extra, key);
      g_string_append (extra, ": ");
      bg_json_append_value (extra, old_doc, c, 2);
    }
  if (extra->len == 0)
    return fixed;
  /* The canonical text ends in "\n}\n". */
  end = strlen (fixed);
  g_assert (end >= 3 && g_str_has_suffix (fixed, "\n}\n"));
  out = g_string_new_len (fixed, (gssize) end - 3);
  g_string_append_len (out, extra->str, (gssize) extra->len);
  g_string_append (out, "\n}\n");
  g_free (fixed);
  return g_string_free (out, FALSE);
}

int
bg_cli_fix (int    argc,
            char **argv)
{
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(GPtrArray) remedies = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_autofree char *text = NULL, *fixed = NULL, *remedy_text = NULL;
  gsize length = 0;
  int remedy = 1;
  int exit_code = BG_CLI_EXIT_OK;
  int conflict;
  const BgRemedy *chosen;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the fixed model to this .bgmod file"), N_("FILE") },
    { "remedy", 0, 0, G_OPTION_ARG_STRING, &remedy_text,
      N_("Which remedy of the first conflict to apply, from 1 (default 1)"), N_("K") },
    { NULL }
  };

  if (!bg_cli_parse_entries ("fix", "MODEL.bgmod",
                             N_("Applies one of the remedies analyze --json lists for the first causal conflict, and writes the result."),
                             entries, &argc, &argv)
      || !bg_cli_parse_count ("fix", "remedy", remedy_text, &remedy)
      || !bg_cli_expect_one_model ("fix", argc))
    return BG_CLI_EXIT_USAGE;
  if (output == NULL)
    return bg_cli_usage_error ("fix", _("missing --output OUT.bgmod"));
  if (remedy < 1)
    return bg_cli_usage_error ("fix", _("--remedy must be 1 or more"));

  if (!bg_cli_output_check (output, &error))
    return bg_cli_write_failed ("fix", error);

  model = bg_cli_load_model_text (argv[1], &text, &length, &exit_code);
  if (model == NULL)
    return exit_code;

  causality = bg_causality_analyze (model);
  conflict = bg_remedy_first_conflict (causality);
  if (conflict < 0)
    {
      g_printerr (_("bgmod-cli: %s has no causal conflict to fix\n"), argv[1]);
      return BG_CLI_EXIT_FAILED;
    }
  remedies = bg_remedy_list (model, causality, (guint) conflict);
  if ((guint) remedy > remedies->len)
    {
      g_printerr (ngettext ("bgmod-cli: no remedy %d: the first conflict has %u remedy\n",
                            "bgmod-cli: no remedy %d: the first conflict has %u remedies\n",
                            remedies->len),
                  remedy, remedies->len);
      return BG_CLI_EXIT_FAILED;
    }
  chosen = g_ptr_array_index (remedies, remedy - 1);
  if (!bg_remedy_apply (chosen, model, &error))
    {
      g_printerr ("bgmod-cli: %s\n", error->message);
      return BG_CLI_EXIT_FAILED;
    }
  fixed = carry_unknown_keys (bg_file_to_data (model, NULL), text, length);
  if (!bg_cli_output_write_all (output, fixed, strlen (fixed), &error))
    return bg_cli_write_failed ("fix", error);
  g_printerr (_("Applied: %s\n"), bg_remedy_get_text (chosen));
  return BG_CLI_EXIT_OK;
}
