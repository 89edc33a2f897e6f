/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-export.c — a model as an FMU file (bg-fmu-export.h).
 *
 * Owns: the order of the export, the instantiation token (a digest of
 * what the FMU holds, so that the same export gives the same FMU), the
 * resources (model.bgmod: the document as saved; bgmod-fmu.ini: the FMI
 * version, the token, the inputs and outputs, the number of variables,
 * which the runtime checks against its own count) and the file. Must not:
 * know about GTK or the command line, or keep anything between calls.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-fmu-description.h"
#include "bg-fmu-export.h"
#include "bg-fmu-zip.h"
#include "bg-model-flatten.h"
#include "bg-output-file.h"
#include "bg-paths.h"

char *
bg_fmu_model_identifier (const char *fmu_path)
{
  g_autofree char *base = g_path_get_basename (fmu_path);
  GString *id = g_string_new (NULL);

  if (g_str_has_suffix (base, ".fmu"))
    base[strlen (base) - 4] = '\0';
  for (const char *p = base; *p != '\0'; p++)
    g_string_append_c (id, g_ascii_isalnum (*p) ? *p : '_');
  if (id->len == 0 || g_ascii_isdigit (id->str[0]))
    g_string_prepend (id, "model_");
  return g_string_free (id, FALSE);
}

char *
bg_fmu_dup_runtime_path (void)
{
  return bg_paths_dup_fmu_runtime ();
}

/* "{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}" from a digest of the contents. */
static char *
make_token (const char *model_text, gsize length, const char *ini_text)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  const char *h;

  g_checksum_update (sum, (const guchar *) model_text, length);
  g_checksum_update (sum, (const guchar *) ini_text, strlen (ini_text));
  g_checksum_update (sum, (const guchar *) BGMOD_VERSION, strlen (BGMOD_VERSION));
  h = g_checksum_get_string (sum);
  return g_strdup_printf ("{%.8s-%.4s-%.4s-%.4s-%.12s}", h, h + 8, h + 12, h + 16, h + 20);
}

static char *
make_ini (const BgFmuVars *vars, int version, const char *token)
{
  g_autoptr (GKeyFile) ini = g_key_file_new ();
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  const char *const *outputs = bg_fmu_vars_get_output_names (vars);

  for (guint i = 0; i < bg_fmu_vars_get_n_inputs (vars); i++)
    g_ptr_array_add (inputs, (gpointer) bg_fmu_vars_get_input (vars, i));
  g_key_file_set_comment (ini, NULL, NULL,
                          " What the FMU runtime needs besides model.bgmod (docs/fmu.md).", NULL);
  g_key_file_set_integer (ini, "fmu", "fmi-version", version);
  if (token != NULL)
    g_key_file_set_string (ini, "fmu", "token", token);
  g_key_file_set_string_list (ini, "fmu", "inputs", (const char *const *) inputs->pdata,
                              inputs->len);
  g_key_file_set_string_list (ini, "fmu", "outputs", outputs, g_strv_length ((GStrv) outputs));
  g_key_file_set_integer (ini, "fmu", "variables", bg_fmu_vars_get_n (vars));
  return g_key_file_to_data (ini, NULL, NULL);
}

static BgPlan *
compile (BgModel *flat, GError **error)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (flat);
  g_autoptr (GError) local = NULL;
  BgPlan *plan;

  if (!bg_causality_is_ok (causality))
    {
      const GPtrArray *errors = bg_causality_get_errors (causality);
      const BgDiagnostic *d = errors->len > 0 ? g_ptr_array_index (errors, 0) : NULL;

      g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_CAUSALITY,
                   _("the model's causality has an error: %s"),
                   d != NULL ? d->message : _("unknown error"));
      return NULL;
    }
  plan = bg_compiler_compile (flat, causality, NULL, &local);
  if (plan == NULL)
    g_set_error_literal (error, BG_FMU_ERROR, BG_FMU_ERROR_MODEL, local->message);
  return plan;
}

static gboolean
write_file (GBytes *bytes, const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  BgOutputFile *out = bg_output_file_open (path, BG_OUTPUT_FILE_DEFAULT, &local);
  gsize size;
  const void *data = g_bytes_get_data (bytes, &size);

  if (out != NULL)
    {
      bg_output_file_write (out, data, size);
      if (bg_output_file_commit (out, &local))
        return TRUE;
    }
  g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_WRITE, _("cannot write %s: %s"), path,
               local->message);
  return FALSE;
}

gboolean
bg_fmu_export (BgModel                  *document,
               const BgFmuExportOptions *options,
               const char               *fmu_path,
               GError                  **error)
{
  BgFmuExportOptions defaults = { 0 };
  g_autoptr (BgModel) flat = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *model_text = NULL, *plain_ini = NULL, *token = NULL, *ini = NULL;
  g_autofree char *id = NULL, *xml = NULL, *runtime_path = NULL, *runtime = NULL;
  g_autofree char *so_name = NULL;
  g_autoptr (GBytes) archive = NULL;
  BgFmuVars *vars;
  BgFmuDescriptionInfo info = { 0 };
  BgFmuZip *zip;
  gsize model_length = 0, runtime_length = 0;
  gboolean ok;
  int version;

  if (options == NULL)
    options = &defaults;
  version = options->fmi_version == 2 ? 2 : 3;

  flat = bg_model_flatten (document, NULL, &local);
  if (flat == NULL)
    {
      g_set_error_literal (error, BG_FMU_ERROR, BG_FMU_ERROR_MODEL, local->message);
      return FALSE;
    }
  plan = compile (flat, error);
  if (plan == NULL)
    return FALSE;
  vars = bg_fmu_vars_new (flat, plan, options->inputs, options->outputs, error);
  if (vars == NULL)
    return FALSE;

  runtime_path = options->runtime != NULL ? g_strdup (options->runtime) : bg_fmu_dup_runtime_path ();
  if (!g_file_get_contents (runtime_path, &runtime, &runtime_length, &local))
    {
      g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_RUNTIME,
                   _("the FMU runtime library cannot be read: %s"), local->message);
      bg_fmu_vars_free (vars);
      return FALSE;
    }

  model_text = bg_file_to_data (document, &model_length);
  plain_ini = make_ini (vars, version, NULL);
  token = make_token (model_text, model_length, plain_ini);
  ini = make_ini (vars, version, token);
  id = bg_fmu_model_identifier (fmu_path);

  info.fmi_version = version;
  info.model_name = bg_model_get_name (document) != NULL && *bg_model_get_name (document) != '\0'
                    ? bg_model_get_name (document) : id;
  info.model_identifier = id;
  info.token = token;
  info.t_end = bg_plan_get_t_end (plan);
  info.output_step = bg_plan_get_output_step (plan);
  info.rtol = bg_plan_get_rtol_setting (plan);
  xml = bg_fmu_description_write (vars, &info);
  bg_fmu_vars_free (vars);

  so_name = g_strdup_printf ("binaries/%s/%s.so", version == 3 ? "x86_64-linux" : "linux64", id);
  zip = bg_fmu_zip_new ();
  ok = bg_fmu_zip_add (zip, "modelDescription.xml", xml, strlen (xml), error)
       && bg_fmu_zip_add (zip, so_name, runtime, runtime_length, error)
       && bg_fmu_zip_add (zip, "resources/model.bgmod", model_text, model_length, error)
       && bg_fmu_zip_add (zip, "resources/bgmod-fmu.ini", ini, strlen (ini), error);
  if (!ok)
    {
      bg_fmu_zip_free (zip);
      return FALSE;
    }
  archive = bg_fmu_zip_finish (zip);
  bg_fmu_zip_free (zip);
  return write_file (archive, fmu_path, error);
}
