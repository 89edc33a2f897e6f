/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-fmi-host.c — the tests' FMI importer (bg-test-fmi-host.h).
 *
 * Owns: unpacking, dlopen and dlsym of every function it calls, the calling
 * sequences of the standard for Model Exchange (instantiate, initialize,
 * event iteration, continuous time with CVODE at rtol 1e-10 stopping at
 * every time event and finding end stops as roots of the event
 * indicators) and Co-Simulation (initialize, DoStep), in FMI 3.0 and 2.0.
 * Must not: link the FMU's code or know its insides.
 */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "bg-fmi2-api.h"
#include "bg-fmi3-api.h"
#include "bg-fmu-zip.h"
#include "bg-test-fmi-host.h"

#define FN(name) __typeof__ (name) *name

typedef struct
{
  FN (fmi3InstantiateModelExchange);
  FN (fmi3InstantiateCoSimulation);
  FN (fmi3FreeInstance);
  FN (fmi3EnterInitializationMode);
  FN (fmi3ExitInitializationMode);
  FN (fmi3EnterEventMode);
  FN (fmi3UpdateDiscreteStates);
  FN (fmi3EnterContinuousTimeMode);
  FN (fmi3CompletedIntegratorStep);
  FN (fmi3SetTime);
  FN (fmi3SetContinuousStates);
  FN (fmi3GetContinuousStates);
  FN (fmi3GetContinuousStateDerivatives);
  FN (fmi3GetEventIndicators);
  FN (fmi3GetNominalsOfContinuousStates);
  FN (fmi3GetNumberOfContinuousStates);
  FN (fmi3GetNumberOfEventIndicators);
  FN (fmi3GetFloat64);
  FN (fmi3SetFloat64);
  FN (fmi3DoStep);
  FN (fmi3Terminate);
  FN (fmi3Reset);
  FN (fmi3GetVersion);
} Api3;

typedef struct
{
  FN (fmi2Instantiate);
  FN (fmi2FreeInstance);
  FN (fmi2SetupExperiment);
  FN (fmi2EnterInitializationMode);
  FN (fmi2ExitInitializationMode);
  FN (fmi2EnterEventMode);
  FN (fmi2NewDiscreteStates);
  FN (fmi2EnterContinuousTimeMode);
  FN (fmi2CompletedIntegratorStep);
  FN (fmi2SetTime);
  FN (fmi2SetContinuousStates);
  FN (fmi2GetContinuousStates);
  FN (fmi2GetDerivatives);
  FN (fmi2GetEventIndicators);
  FN (fmi2GetNominalsOfContinuousStates);
  FN (fmi2GetReal);
  FN (fmi2SetReal);
  FN (fmi2DoStep);
  FN (fmi2GetBooleanStatus);
  FN (fmi2GetRealStatus);
  FN (fmi2Terminate);
  FN (fmi2Reset);
  FN (fmi2GetVersion);
} Api2;

struct _BgTestFmu
{
  char       *dir;
  int         version;
  char       *token;
  char       *id;
  void       *lib;
  GHashTable *vrs;        /* name → vr + 1 */
  GPtrArray  *compared;   /* names, NULL-terminated */
  guint       n_states, n_indicators;
  double      stop_time, step_size;
  Api3        a3;
  Api2        a2;
};

struct _BgTestInstance
{
  BgTestFmu      *fmu;
  BgTestInterface iface;
  void           *c;
  GString        *log;
  double          t;
  gboolean        next_defined;
  double          next_time;
  gboolean        terminated;
  /* ME integrator */
  SUNContext      ctx;
  void           *cvode;
  N_Vector        y;
  SUNMatrix       A;
  SUNLinearSolver ls;
  gboolean        failed;
};

/* Loading ----------------------------------------------------------------------- */

static gboolean
extract (GBytes *archive, const char *name, const char *dir, GError **error)
{
  g_autoptr (GBytes) data = bg_fmu_zip_read_entry (archive, name, error);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *folder = g_path_get_dirname (path);
  gsize size;
  const char *bytes;

  if (data == NULL)
    return FALSE;
  g_mkdir_with_parents (folder, 0700);
  bytes = g_bytes_get_data (data, &size);
  return g_file_set_contents (path, bytes, size, error);
}

static char *
attr (xmlNode *node, const char *name)
{
  xmlChar *v = xmlGetProp (node, (const xmlChar *) name);
  char *s = v != NULL ? g_strdup ((const char *) v) : NULL;

  xmlFree (v);
  return s;
}

static gboolean
read_description (BgTestFmu *fmu, GError **error)
{
  g_autofree char *path = g_build_filename (fmu->dir, "modelDescription.xml", NULL);
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET);
  xmlNode *root;
  g_autoptr (GHashTable) derivative_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) states = g_ptr_array_new ();

  if (doc == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "modelDescription.xml does not parse");
      return FALSE;
    }
  root = xmlDocGetRootElement (doc);
  {
    g_autofree char *v = attr (root, "fmiVersion");
    fmu->version = v != NULL && g_str_has_prefix (v, "3") ? 3 : 2;
  }
  fmu->token = attr (root, fmu->version == 3 ? "instantiationToken" : "guid");
  for (xmlNode *n = root->children; n != NULL; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE)
        continue;
      if (xmlStrEqual (n->name, (const xmlChar *) "ModelExchange") && fmu->id == NULL)
        fmu->id = attr (n, "modelIdentifier");
      if (xmlStrEqual (n->name, (const xmlChar *) "DefaultExperiment"))
        {
          g_autofree char *stop = attr (n, "stopTime"), *step = attr (n, "stepSize");
          fmu->stop_time = stop != NULL ? g_ascii_strtod (stop, NULL) : 1;
          fmu->step_size = step != NULL ? g_ascii_strtod (step, NULL) : fmu->stop_time / 1000;
        }
      if (!xmlStrEqual (n->name, (const xmlChar *) "ModelVariables"))
        continue;
      for (xmlNode *v = n->children; v != NULL; v = v->next)
        {
          g_autofree char *name = NULL, *vr = NULL, *causality = NULL, *derivative = NULL;
          xmlNode *real = v;

          if (v->type != XML_ELEMENT_NODE)
            continue;
          name = attr (v, "name");
          vr = attr (v, "valueReference");
          causality = attr (v, "causality");
          if (fmu->version == 2)
            for (real = v->children; real != NULL && real->type != XML_ELEMENT_NODE; real = real->next)
              ;
          derivative = real != NULL ? attr (real, "derivative") : NULL;
          g_hash_table_insert (fmu->vrs, g_strdup (name),
                               GSIZE_TO_POINTER (g_ascii_strtoull (vr, NULL, 10) + 1));
          if (causality != NULL && g_str_equal (causality, "output"))
            g_ptr_array_add (fmu->compared, g_strdup (name));
          if (derivative != NULL)
            g_ptr_array_add (states, g_strdup (derivative));
        }
    }
  /* States: the variables derivatives point to (a vr in 3.0, an index in 2.0). */
  for (guint i = 0; i < states->len; i++)
    {
      const char *ref = g_ptr_array_index (states, i);
      guint64 r = g_ascii_strtoull (ref, NULL, 10);
      guint index = 0;

      for (xmlNode *n = root->children; n != NULL; n = n->next)
        if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, (const xmlChar *) "ModelVariables"))
          for (xmlNode *v = n->children; v != NULL; v = v->next)
            {
              g_autofree char *vr = NULL, *name = NULL;

              if (v->type != XML_ELEMENT_NODE)
                continue;
              index++;
              vr = attr (v, "valueReference");
              name = attr (v, "name");
              if ((fmu->version == 3 && g_ascii_strtoull (vr, NULL, 10) == r)
                  || (fmu->version == 2 && index == r))
                {
                  if (!g_ptr_array_find_with_equal_func (fmu->compared, name, g_str_equal, NULL))
                    g_ptr_array_add (fmu->compared, g_strdup (name));
                }
            }
      fmu->n_states++;
      g_free ((char *) ref);
    }
  g_ptr_array_add (fmu->compared, NULL);
  /* Event indicators: 3.0 lists them in ModelStructure, 2.0 counts them. */
  {
    g_autofree char *n = attr (root, "numberOfEventIndicators");
    if (n != NULL)
      fmu->n_indicators = g_ascii_strtoull (n, NULL, 10);
    for (xmlNode *s = root->children; s != NULL; s = s->next)
      if (s->type == XML_ELEMENT_NODE && xmlStrEqual (s->name, (const xmlChar *) "ModelStructure"))
        for (xmlNode *u = s->children; u != NULL; u = u->next)
          if (u->type == XML_ELEMENT_NODE && xmlStrEqual (u->name, (const xmlChar *) "EventIndicator"))
            fmu->n_indicators++;
  }
  xmlFreeDoc (doc);
  return fmu->id != NULL && fmu->token != NULL;
}

#define SYM(api, name) \
  ((api)->name = (__typeof__ ((api)->name)) dlsym (fmu->lib, #name)) != NULL

static gboolean
resolve (BgTestFmu *fmu)
{
  Api3 *a = &fmu->a3;
  Api2 *b = &fmu->a2;

  return SYM (a, fmi3InstantiateModelExchange) && SYM (a, fmi3InstantiateCoSimulation)
         && SYM (a, fmi3FreeInstance) && SYM (a, fmi3EnterInitializationMode)
         && SYM (a, fmi3ExitInitializationMode) && SYM (a, fmi3EnterEventMode)
         && SYM (a, fmi3UpdateDiscreteStates) && SYM (a, fmi3EnterContinuousTimeMode)
         && SYM (a, fmi3CompletedIntegratorStep) && SYM (a, fmi3SetTime)
         && SYM (a, fmi3SetContinuousStates) && SYM (a, fmi3GetContinuousStates)
         && SYM (a, fmi3GetContinuousStateDerivatives) && SYM (a, fmi3GetEventIndicators)
         && SYM (a, fmi3GetNominalsOfContinuousStates) && SYM (a, fmi3GetNumberOfContinuousStates)
         && SYM (a, fmi3GetNumberOfEventIndicators) && SYM (a, fmi3GetFloat64)
         && SYM (a, fmi3SetFloat64) && SYM (a, fmi3DoStep) && SYM (a, fmi3Terminate)
         && SYM (a, fmi3Reset) && SYM (a, fmi3GetVersion)
         && SYM (b, fmi2Instantiate) && SYM (b, fmi2FreeInstance) && SYM (b, fmi2SetupExperiment)
         && SYM (b, fmi2EnterInitializationMode) && SYM (b, fmi2ExitInitializationMode)
         && SYM (b, fmi2EnterEventMode) && SYM (b, fmi2NewDiscreteStates)
         && SYM (b, fmi2EnterContinuousTimeMode) && SYM (b, fmi2CompletedIntegratorStep)
         && SYM (b, fmi2SetTime) && SYM (b, fmi2SetContinuousStates)
         && SYM (b, fmi2GetContinuousStates) && SYM (b, fmi2GetDerivatives)
         && SYM (b, fmi2GetEventIndicators) && SYM (b, fmi2GetNominalsOfContinuousStates)
         && SYM (b, fmi2GetReal) && SYM (b, fmi2SetReal) && SYM (b, fmi2DoStep)
         && SYM (b, fmi2GetBooleanStatus) && SYM (b, fmi2GetRealStatus)
         && SYM (b, fmi2Terminate) && SYM (b, fmi2Reset) && SYM (b, fmi2GetVersion);
}

BgTestFmu *
bg_test_fmu_open (const char *path, GError **error)
{
  g_autoptr (GBytes) archive = NULL;
  g_autofree char *contents = NULL, *so = NULL, *so_path = NULL;
  gsize length;
  BgTestFmu *fmu;

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  archive = g_bytes_new_take (g_steal_pointer (&contents), length);
  fmu = g_new0 (BgTestFmu, 1);
  fmu->vrs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  fmu->compared = g_ptr_array_new_with_free_func (g_free);
  fmu->dir = g_dir_make_tmp ("bgmod-fmu-XXXXXX", error);
  if (fmu->dir == NULL || !extract (archive, "modelDescription.xml", fmu->dir, error)
      || !read_description (fmu, error))
    goto fail;
  so = g_strdup_printf ("binaries/%s/%s.so", fmu->version == 3 ? "x86_64-linux" : "linux64",
                        fmu->id);
  if (!extract (archive, so, fmu->dir, error)
      || !extract (archive, "resources/model.bgmod", fmu->dir, error)
      || !extract (archive, "resources/bgmod-fmu.ini", fmu->dir, error))
    goto fail;
  so_path = g_build_filename (fmu->dir, so, NULL);
  fmu->lib = dlopen (so_path, RTLD_NOW | RTLD_LOCAL);
  if (fmu->lib == NULL || !resolve (fmu))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "dlopen: %s", dlerror ());
      goto fail;
    }
  return fmu;

fail:
  bg_test_fmu_free (fmu);
  return NULL;
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

void
bg_test_fmu_free (BgTestFmu *fmu)
{
  if (fmu == NULL)
    return;
  if (fmu->lib != NULL)
    dlclose (fmu->lib);
  if (fmu->dir != NULL)
    remove_tree (fmu->dir);
  g_free (fmu->dir);
  g_free (fmu->token);
  g_free (fmu->id);
  g_hash_table_unref (fmu->vrs);
  g_ptr_array_unref (fmu->compared);
  g_free (fmu);
}

int
bg_test_fmu_version (BgTestFmu *fmu)
{
  return fmu->version;
}

const char *
bg_test_fmu_dir (BgTestFmu *fmu)
{
  return fmu->dir;
}

gint64
bg_test_fmu_vr (BgTestFmu *fmu, const char *name)
{
  gpointer v = g_hash_table_lookup (fmu->vrs, name);

  return v != NULL ? (gint64) GPOINTER_TO_SIZE (v) - 1 : -1;
}

void
bg_test_fmu_experiment (BgTestFmu *fmu, double *stop_time, double *step_size)
{
  *stop_time = fmu->stop_time;
  *step_size = fmu->step_size;
}

const char *const *
bg_test_fmu_compared (BgTestFmu *fmu)
{
  return (const char *const *) fmu->compared->pdata;
}

/* Instances ------------------------------------------------------------------------- */

static void
host_log3 (fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message)
{
  BgTestInstance *inst = env;

  g_string_append_printf (inst->log, "[%d %s] %s\n", status, category, message);
}

static void
host_log2 (fmi2ComponentEnvironment env, fmi2String name, fmi2Status status, fmi2String category,
      fmi2String message, ...)
{
  BgTestInstance *inst = env;
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, message);
  text = g_strdup_vprintf (message, args);
  va_end (args);
  g_string_append_printf (inst->log, "[%d %s] %s\n", status, category, text);
}

static gboolean
instantiate (BgTestInstance *inst, const char *name)
{
  BgTestFmu *fmu = inst->fmu;
  g_autofree char *res = g_build_filename (fmu->dir, "resources", G_DIR_SEPARATOR_S, NULL);

  if (fmu->version == 3)
    inst->c = inst->iface == BG_TEST_ME
              ? fmu->a3.fmi3InstantiateModelExchange (name, fmu->token, res, false, true, inst, host_log3)
              : fmu->a3.fmi3InstantiateCoSimulation (name, fmu->token, res, false, true, false,
                                                     false, NULL, 0, inst, host_log3, NULL);
  else
    {
      g_autofree char *uri = g_filename_to_uri (res, NULL, NULL);
      const fmi2CallbackFunctions callbacks = { host_log2, NULL, NULL, NULL, inst };
      inst->c = fmu->a2.fmi2Instantiate (name, inst->iface == BG_TEST_ME ? fmi2ModelExchange
                                                                         : fmi2CoSimulation,
                                         fmu->token, uri, &callbacks, fmi2False, fmi2True);
    }
  return inst->c != NULL;
}

BgTestInstance *
bg_test_instance_new (BgTestFmu *fmu, BgTestInterface iface, const char *name, GError **error)
{
  BgTestInstance *inst = g_new0 (BgTestInstance, 1);

  inst->fmu = fmu;
  inst->iface = iface;
  inst->log = g_string_new (NULL);
  if (!instantiate (inst, name))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "instantiation failed: %s",
                   inst->log->str);
      bg_test_instance_free (inst);
      return NULL;
    }
  return inst;
}

static void
free_integrator (BgTestInstance *inst)
{
  if (inst->cvode != NULL)
    CVodeFree (&inst->cvode);
  if (inst->ls != NULL)
    SUNLinSolFree (inst->ls);
  if (inst->A != NULL)
    SUNMatDestroy (inst->A);
  if (inst->y != NULL)
    N_VDestroy (inst->y);
  if (inst->ctx != NULL)
    SUNContext_Free (&inst->ctx);
  inst->ls = NULL;
  inst->A = NULL;
  inst->y = NULL;
}

void
bg_test_instance_free (BgTestInstance *inst)
{
  if (inst == NULL)
    return;
  free_integrator (inst);
  if (inst->c != NULL)
    {
      if (inst->fmu->version == 3)
        inst->fmu->a3.fmi3FreeInstance (inst->c);
      else
        inst->fmu->a2.fmi2FreeInstance (inst->c);
    }
  g_string_free (inst->log, TRUE);
  g_free (inst);
}

const char *
bg_test_instance_log (BgTestInstance *inst)
{
  return inst->log->str;
}

gboolean
bg_test_instance_set (BgTestInstance *inst, const char *name, double value)
{
  gint64 vr = bg_test_fmu_vr (inst->fmu, name);
  guint32 r = (guint32) vr;

  if (vr < 0)
    return FALSE;
  /* An input that jumps: the integrator starts again from here. */
  if (inst->cvode != NULL)
    CVodeReInit (inst->cvode, inst->t, inst->y);
  if (inst->fmu->version == 3)
    return inst->fmu->a3.fmi3SetFloat64 (inst->c, &r, 1, &value, 1) == fmi3OK;
  return inst->fmu->a2.fmi2SetReal (inst->c, &r, 1, &value) == fmi2OK;
}

gboolean
bg_test_instance_get (BgTestInstance *inst, const char *name, double *value)
{
  gint64 vr = bg_test_fmu_vr (inst->fmu, name);
  guint32 r = (guint32) vr;

  if (vr < 0)
    return FALSE;
  if (inst->fmu->version == 3)
    return inst->fmu->a3.fmi3GetFloat64 (inst->c, &r, 1, value, 1) == fmi3OK;
  return inst->fmu->a2.fmi2GetReal (inst->c, &r, 1, value) == fmi2OK;
}

static gboolean
status_ok (BgTestInstance *inst, int status, const char *call, GError **error)
{
  if (status == 0)
    return TRUE;
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s returned %d: %s", call, status,
               inst->log->str);
  return FALSE;
}

/* The event iteration of Model Exchange, in Event Mode. */
static gboolean
event_iteration (BgTestInstance *inst, GError **error)
{
  BgTestFmu *fmu = inst->fmu;

  if (fmu->version == 3)
    {
      fmi3Boolean again = true, terminate = false, nominals = false, values = false, defined = false;
      fmi3Float64 next = 0;
      while (again)
        if (!status_ok (inst, fmu->a3.fmi3UpdateDiscreteStates (inst->c, &again, &terminate,
                                                                &nominals, &values, &defined,
                                                                &next),
                        "fmi3UpdateDiscreteStates", error))
          return FALSE;
      inst->terminated = terminate;
      inst->next_defined = defined;
      inst->next_time = next;
      return inst->terminated
             || status_ok (inst, fmu->a3.fmi3EnterContinuousTimeMode (inst->c),
                           "fmi3EnterContinuousTimeMode", error);
    }
  else
    {
      fmi2EventInfo info = { .newDiscreteStatesNeeded = fmi2True };
      while (info.newDiscreteStatesNeeded)
        if (!status_ok (inst, fmu->a2.fmi2NewDiscreteStates (inst->c, &info),
                        "fmi2NewDiscreteStates", error))
          return FALSE;
      inst->terminated = info.terminateSimulation;
      inst->next_defined = info.nextEventTimeDefined;
      inst->next_time = info.nextEventTime;
      return inst->terminated
             || status_ok (inst, fmu->a2.fmi2EnterContinuousTimeMode (inst->c),
                           "fmi2EnterContinuousTimeMode", error);
    }
}

static int
me_rhs (realtype t, N_Vector y, N_Vector ydot, void *data)
{
  BgTestInstance *inst = data;
  BgTestFmu *fmu = inst->fmu;
  gsize n = fmu->n_states;

  if (fmu->version == 3)
    return fmu->a3.fmi3SetTime (inst->c, t) != fmi3OK
           || fmu->a3.fmi3SetContinuousStates (inst->c, N_VGetArrayPointer (y), n) != fmi3OK
           || fmu->a3.fmi3GetContinuousStateDerivatives (inst->c, N_VGetArrayPointer (ydot), n)
                != fmi3OK;
  return fmu->a2.fmi2SetTime (inst->c, t) != fmi2OK
         || fmu->a2.fmi2SetContinuousStates (inst->c, N_VGetArrayPointer (y), n) != fmi2OK
         || fmu->a2.fmi2GetDerivatives (inst->c, N_VGetArrayPointer (ydot), n) != fmi2OK;
}

static int
me_roots (realtype t, N_Vector y, realtype *g, void *data)
{
  BgTestInstance *inst = data;
  BgTestFmu *fmu = inst->fmu;
  gsize n = fmu->n_states;

  if (fmu->version == 3)
    return fmu->a3.fmi3SetTime (inst->c, t) != fmi3OK
           || fmu->a3.fmi3SetContinuousStates (inst->c, N_VGetArrayPointer (y), n) != fmi3OK
           || fmu->a3.fmi3GetEventIndicators (inst->c, g, fmu->n_indicators) != fmi3OK;
  return fmu->a2.fmi2SetTime (inst->c, t) != fmi2OK
         || fmu->a2.fmi2SetContinuousStates (inst->c, N_VGetArrayPointer (y), n) != fmi2OK
         || fmu->a2.fmi2GetEventIndicators (inst->c, g, fmu->n_indicators) != fmi2OK;
}

static gboolean
get_states (BgTestInstance *inst)
{
  BgTestFmu *fmu = inst->fmu;

  if (fmu->version == 3)
    return fmu->a3.fmi3GetContinuousStates (inst->c, N_VGetArrayPointer (inst->y), fmu->n_states)
           == fmi3OK;
  return fmu->a2.fmi2GetContinuousStates (inst->c, N_VGetArrayPointer (inst->y), fmu->n_states)
         == fmi2OK;
}

static gboolean
setup_integrator (BgTestInstance *inst, GError **error)
{
  BgTestFmu *fmu = inst->fmu;
  sunindextype n = MAX (fmu->n_states, 1);
  g_autofree double *nominal = g_new (double, n);
  N_Vector atol;

  free_integrator (inst);
  SUNContext_Create (NULL, &inst->ctx);
  inst->y = N_VNew_Serial (n, inst->ctx);
  N_VConst (0, inst->y);
  if (fmu->n_states == 0)
    return TRUE;
  if (!get_states (inst))
    return status_ok (inst, 3, "getting the states", error);
  if (fmu->version == 3)
    fmu->a3.fmi3GetNominalsOfContinuousStates (inst->c, nominal, n);
  else
    fmu->a2.fmi2GetNominalsOfContinuousStates (inst->c, nominal, n);
  inst->cvode = CVodeCreate (CV_BDF, inst->ctx);
  CVodeInit (inst->cvode, me_rhs, inst->t, inst->y);
  atol = N_VNew_Serial (n, inst->ctx);
  for (sunindextype i = 0; i < n; i++)
    NV_Ith_S (atol, i) = 1e-10 * nominal[i];
  CVodeSVtolerances (inst->cvode, 1e-10, atol);
  N_VDestroy (atol);
  CVodeSetUserData (inst->cvode, inst);
  CVodeSetMaxNumSteps (inst->cvode, 1000000);
  inst->A = SUNDenseMatrix (n, n, inst->ctx);
  inst->ls = SUNLinSol_Dense (inst->y, inst->A, inst->ctx);
  CVodeSetLinearSolver (inst->cvode, inst->ls, inst->A);
  if (fmu->n_indicators > 0)
    {
      CVodeRootInit (inst->cvode, fmu->n_indicators, me_roots);
      CVodeSetNoInactiveRootWarn (inst->cvode);
    }
  return TRUE;
}

gboolean
bg_test_instance_start (BgTestInstance *inst, double t_end, GError **error)
{
  BgTestFmu *fmu = inst->fmu;

  inst->t = 0;
  inst->terminated = FALSE;
  if (fmu->version == 3)
    {
      if (!status_ok (inst, fmu->a3.fmi3EnterInitializationMode (inst->c, false, 0, 0, true, t_end),
                      "fmi3EnterInitializationMode", error)
          || !status_ok (inst, fmu->a3.fmi3ExitInitializationMode (inst->c),
                         "fmi3ExitInitializationMode", error))
        return FALSE;
    }
  else if (!status_ok (inst, fmu->a2.fmi2SetupExperiment (inst->c, fmi2False, 0, 0, fmi2True, t_end),
                       "fmi2SetupExperiment", error)
           || !status_ok (inst, fmu->a2.fmi2EnterInitializationMode (inst->c),
                          "fmi2EnterInitializationMode", error)
           || !status_ok (inst, fmu->a2.fmi2ExitInitializationMode (inst->c),
                          "fmi2ExitInitializationMode", error))
    return FALSE;
  if (inst->iface == BG_TEST_CS)
    return TRUE;
  return event_iteration (inst, error) && setup_integrator (inst, error);
}

static gboolean
completed_step (BgTestInstance *inst, double t, GError **error)
{
  BgTestFmu *fmu = inst->fmu;
  gsize n = fmu->n_states;

  if (fmu->version == 3)
    {
      fmi3Boolean enter = false, term = false;
      return status_ok (inst, fmu->a3.fmi3SetTime (inst->c, t), "fmi3SetTime", error)
             && status_ok (inst, fmu->a3.fmi3SetContinuousStates (inst->c, N_VGetArrayPointer (inst->y), n),
                           "fmi3SetContinuousStates", error)
             && status_ok (inst, fmu->a3.fmi3CompletedIntegratorStep (inst->c, true, &enter, &term),
                           "fmi3CompletedIntegratorStep", error);
    }
  else
    {
      fmi2Boolean enter = fmi2False, term = fmi2False;
      return status_ok (inst, fmu->a2.fmi2SetTime (inst->c, t), "fmi2SetTime", error)
             && status_ok (inst, fmu->a2.fmi2SetContinuousStates (inst->c, N_VGetArrayPointer (inst->y), n),
                           "fmi2SetContinuousStates", error)
             && status_ok (inst, fmu->a2.fmi2CompletedIntegratorStep (inst->c, fmi2True, &enter, &term),
                           "fmi2CompletedIntegratorStep", error);
    }
}

static gboolean
handle_event (BgTestInstance *inst, GError **error)
{
  BgTestFmu *fmu = inst->fmu;
  int s = fmu->version == 3 ? (int) fmu->a3.fmi3EnterEventMode (inst->c)
                            : (int) fmu->a2.fmi2EnterEventMode (inst->c);

  if (!status_ok (inst, s, "entering Event Mode", error) || !event_iteration (inst, error))
    return FALSE;
  if (inst->terminated || fmu->n_states == 0)
    return TRUE;
  if (!get_states (inst))
    return status_ok (inst, 3, "getting the states", error);
  return CVodeReInit (inst->cvode, inst->t, inst->y) == CV_SUCCESS;
}

static gboolean
advance_me (BgTestInstance *inst, double target, GError **error)
{
  BgTestFmu *fmu = inst->fmu;

  while (inst->t < target && !inst->terminated)
    {
      double stop = target, tret = inst->t;
      gboolean time_event = FALSE;
      int flag = CV_SUCCESS;

      if (inst->next_defined && inst->next_time <= target)
        {
          stop = inst->next_time;
          time_event = TRUE;
        }
      if (fmu->n_states > 0)
        {
          CVodeSetStopTime (inst->cvode, stop);
          flag = CVode (inst->cvode, stop, inst->y, &tret, CV_NORMAL);
          if (flag < 0)
            return status_ok (inst, 3, "CVode (the host's)", error);
        }
      else
        tret = stop;
      inst->t = tret;
      if (!completed_step (inst, tret, error))
        return FALSE;
      if (flag == CV_ROOT_RETURN || (time_event && tret >= stop))
        {
          if (!handle_event (inst, error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
advance_cs (BgTestInstance *inst, double target, GError **error)
{
  BgTestFmu *fmu = inst->fmu;
  double h = target - inst->t;

  if (fmu->version == 3)
    {
      fmi3Boolean events = false, term = false, early = false;
      fmi3Float64 last = inst->t;
      if (!status_ok (inst, fmu->a3.fmi3DoStep (inst->c, inst->t, h, true, &events, &term, &early,
                                               &last),
                      "fmi3DoStep", error))
        return FALSE;
      inst->terminated = term;
      inst->t = early || term ? last : target;
      return TRUE;
    }
  else
    {
      fmi2Status s = fmu->a2.fmi2DoStep (inst->c, inst->t, h, fmi2True);
      fmi2Boolean term = fmi2False;
      if (s == fmi2Discard)
        {
          fmi2Real last = inst->t;
          fmu->a2.fmi2GetBooleanStatus (inst->c, fmi2Terminated, &term);
          fmu->a2.fmi2GetRealStatus (inst->c, fmi2LastSuccessfulTime, &last);
          inst->terminated = term;
          inst->t = last;
          return term || status_ok (inst, s, "fmi2DoStep", error);
        }
      if (!status_ok (inst, s, "fmi2DoStep", error))
        return FALSE;
      inst->t = target;
      return TRUE;
    }
}

gboolean
bg_test_instance_advance (BgTestInstance *inst, double t, gboolean *terminated, double *t_reached,
                          GError **error)
{
  gboolean ok = inst->iface == BG_TEST_ME ? advance_me (inst, t, error)
                                          : advance_cs (inst, t, error);

  *terminated = inst->terminated;
  *t_reached = inst->t;
  return ok;
}

gboolean
bg_test_instance_reset (BgTestInstance *inst)
{
  free_integrator (inst);
  inst->t = 0;
  inst->terminated = FALSE;
  if (inst->fmu->version == 3)
    return inst->fmu->a3.fmi3Reset (inst->c) == fmi3OK;
  return inst->fmu->a2.fmi2Reset (inst->c) == fmi2OK;
}

/* Runs --------------------------------------------------------------------------- */

void
bg_test_run_free (BgTestRun *run)
{
  if (run == NULL)
    return;
  g_strfreev (run->names);
  g_array_unref (run->t);
  g_array_unref (run->values);
  g_free (run);
}

double
bg_test_run_value (const BgTestRun *run, guint row, const char *name)
{
  for (guint v = 0; v < run->n_vars; v++)
    if (g_str_equal (run->names[v], name))
      return g_array_index (run->values, double, (gsize) row * run->n_vars + v);
  return NAN;
}

static gboolean
record (BgTestInstance *inst, BgTestRun *run)
{
  g_array_append_val (run->t, inst->t);
  for (guint v = 0; v < run->n_vars; v++)
    {
      double value = NAN;
      if (!bg_test_instance_get (inst, run->names[v], &value))
        return FALSE;
      g_array_append_val (run->values, value);
    }
  return TRUE;
}

BgTestRun *
bg_test_instance_run (BgTestInstance *inst, double t_end, double h, const char *const *names,
                      GError **error)
{
  BgTestRun *run = g_new0 (BgTestRun, 1);
  guint64 n_steps = (guint64) floor (t_end / h + 1e-9);

  run->names = g_strdupv ((char **) (names != NULL ? names : bg_test_fmu_compared (inst->fmu)));
  run->n_vars = g_strv_length (run->names);
  run->t = g_array_new (FALSE, FALSE, sizeof (double));
  run->values = g_array_new (FALSE, FALSE, sizeof (double));
  if (!bg_test_instance_start (inst, t_end, error) || !record (inst, run))
    goto fail;
  for (guint64 k = 1; k <= n_steps + 1 && !run->terminated; k++)
    {
      double t = k > n_steps ? t_end : MIN (k * h, t_end);

      if (t <= inst->t)
        continue;
      if (!bg_test_instance_advance (inst, t, &run->terminated, &run->t_stop, error)
          || !record (inst, run))
        goto fail;
    }
  if (!run->terminated)
    run->t_stop = inst->t;
  return run;

fail:
  bg_test_run_free (run);
  return NULL;
}
