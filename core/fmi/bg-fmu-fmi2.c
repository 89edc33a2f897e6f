/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-fmi2.c — the FMI 2.0 functions of an exported FMU: life cycle,
 * Real values, Model Exchange and Co-Simulation, and clear refusals of what
 * it does not have (Integer, Boolean and String variables, the FMU state,
 * directional derivatives, input derivatives, asynchronous steps).
 *
 * Owns: the translation between the fmi2 calls and the instance
 * (bg-fmu-instance-private.h): handles, statuses, the logger (printf-like:
 * a message is passed as "%s"), the resource location (a file: URI),
 * fmi2GetStatus and friends after a step. Must not: compute anything
 * itself, trust a pointer fmi2Instantiate did not give, print or exit.
 */
#include "config.h"

#include <string.h>

#include "bg-fmu-handle-private.h"

#define GET(c) BgFmuInstance *self = _bg_fmu_handle_get ((c), BG_FMU_HANDLE_TAG2); \
  if (self == NULL)                                                                \
    return fmi2Error

static fmi2Status
status2 (BgFmuStatus s)
{
  switch (s)
    {
    case BG_FMU_OK:
      return fmi2OK;
    case BG_FMU_WARNING:
      return fmi2Warning;
    case BG_FMU_DISCARD:
      return fmi2Discard;
    case BG_FMU_FATAL:
      return fmi2Fatal;
    case BG_FMU_ERROR_STATUS:
    default:
      return fmi2Error;
    }
}

static void
log_to_importer (gpointer data, const char *instance_name, BgFmuStatus status, const char *category,
      const char *message)
{
  BgFmuHandle *h = data;

  if (h->callbacks2.logger != NULL)
    h->callbacks2.logger (h->callbacks2.componentEnvironment, instance_name, status2 (status),
                          category, "%s", message);
}

static fmi2Status
refuse (fmi2Component c, const char *what)
{
  _bg_fmu_handle_refuse (c, BG_FMU_HANDLE_TAG2, what);
  return fmi2Error;
}

BG_FMI_EXPORT const char *
fmi2GetTypesPlatform (void)
{
  return fmi2TypesPlatform;
}

BG_FMI_EXPORT const char *
fmi2GetVersion (void)
{
  return fmi2Version;
}

BG_FMI_EXPORT fmi2Status
fmi2SetDebugLogging (fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                     const fmi2String categories[])
{
  GET (c);
  return status2 (_bg_fmu_set_debug_logging (self, loggingOn, nCategories, categories));
}

/* "file:///a/b/resources/" (or "file:/a/b", "file://localhost/a/b") → "/a/b/resources/". */
static char *
resource_path (const char *location)
{
  const char *rest;

  if (location == NULL)
    return NULL;
  if (g_str_has_prefix (location, "file://localhost/"))
    rest = location + strlen ("file://localhost");
  else if (g_str_has_prefix (location, "file:///"))
    rest = location + strlen ("file://");
  else if (g_str_has_prefix (location, "file:/"))
    rest = location + strlen ("file:");
  else
    return g_strdup (location);   /* a plain path: some importers give one */
  return g_uri_unescape_string (rest, NULL);
}

BG_FMI_EXPORT fmi2Component
fmi2Instantiate (fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                 fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions,
                 fmi2Boolean visible, fmi2Boolean loggingOn)
{
  g_autofree char *path = resource_path (fmuResourceLocation);
  BgFmuHandle *h;

  if (functions == NULL)
    return NULL;
  if (fmuType != fmi2ModelExchange && fmuType != fmi2CoSimulation)
    {
      if (functions->logger != NULL)
        functions->logger (functions->componentEnvironment, instanceName, fmi2Error,
                           "logStatusError", "%s", "unknown FMU type");
      return NULL;
    }
  h = g_new0 (BgFmuHandle, 1);
  memcpy (&h->callbacks2, functions, sizeof h->callbacks2);
  return _bg_fmu_handle_open (h, BG_FMU_HANDLE_TAG2, instanceName, path, fmuGUID,
                              fmuType == fmi2CoSimulation, log_to_importer, loggingOn);
}

BG_FMI_EXPORT void
fmi2FreeInstance (fmi2Component c)
{
  _bg_fmu_handle_free (c, BG_FMU_HANDLE_TAG2);
}

BG_FMI_EXPORT fmi2Status
fmi2SetupExperiment (fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                     fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
  GET (c);
  return status2 (_bg_fmu_setup (self, toleranceDefined, tolerance, startTime, stopTimeDefined,
                                 stopTime));
}

BG_FMI_EXPORT fmi2Status
fmi2EnterInitializationMode (fmi2Component c)
{
  GET (c);
  return status2 (_bg_fmu_enter_init (self));
}

BG_FMI_EXPORT fmi2Status
fmi2ExitInitializationMode (fmi2Component c)
{
  GET (c);
  return status2 (_bg_fmu_exit_init (self));
}

BG_FMI_EXPORT fmi2Status
fmi2Terminate (fmi2Component c)
{
  GET (c);
  return status2 (_bg_fmu_terminate (self));
}

BG_FMI_EXPORT fmi2Status
fmi2Reset (fmi2Component c)
{
  GET (c);
  return status2 (_bg_fmu_instance_reset (self));
}

BG_FMI_EXPORT fmi2Status
fmi2GetReal (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
  GET (c);
  return status2 (_bg_fmu_get_real (self, vr, nvr, value));
}

BG_FMI_EXPORT fmi2Status
fmi2SetReal (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])
{
  GET (c);
  return status2 (_bg_fmu_set_real (self, vr, nvr, value));
}

static fmi2Status
no_variables (fmi2Component c, size_t nvr, const char *type)
{
  return status2 (_bg_fmu_handle_no_variables (c, BG_FMU_HANDLE_TAG2, nvr, type, "Real"));
}

BG_FMI_EXPORT fmi2Status
fmi2GetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer value[])
{
  return no_variables (c, nvr, "Integer");
}

BG_FMI_EXPORT fmi2Status
fmi2GetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean value[])
{
  return no_variables (c, nvr, "Boolean");
}

BG_FMI_EXPORT fmi2Status
fmi2GetString (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[])
{
  return no_variables (c, nvr, "String");
}

BG_FMI_EXPORT fmi2Status
fmi2SetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                const fmi2Integer value[])
{
  return no_variables (c, nvr, "Integer");
}

BG_FMI_EXPORT fmi2Status
fmi2SetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                const fmi2Boolean value[])
{
  return no_variables (c, nvr, "Boolean");
}

BG_FMI_EXPORT fmi2Status
fmi2SetString (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
               const fmi2String value[])
{
  return no_variables (c, nvr, "String");
}

BG_FMI_EXPORT fmi2Status
fmi2GetFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  return refuse (c, "getting the FMU state");
}

BG_FMI_EXPORT fmi2Status
fmi2SetFMUstate (fmi2Component c, fmi2FMUstate FMUstate)
{
  return refuse (c, "setting the FMU state");
}

BG_FMI_EXPORT fmi2Status
fmi2FreeFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  return refuse (c, "freeing an FMU state");
}

BG_FMI_EXPORT fmi2Status
fmi2SerializedFMUstateSize (fmi2Component c, fmi2FMUstate FMUstate, size_t *size)
{
  return refuse (c, "serializing the FMU state");
}

BG_FMI_EXPORT fmi2Status
fmi2SerializeFMUstate (fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[],
                       size_t size)
{
  return refuse (c, "serializing the FMU state");
}

BG_FMI_EXPORT fmi2Status
fmi2DeSerializeFMUstate (fmi2Component c, const fmi2Byte serializedState[], size_t size,
                         fmi2FMUstate *FMUstate)
{
  return refuse (c, "deserializing an FMU state");
}

BG_FMI_EXPORT fmi2Status
fmi2GetDirectionalDerivative (fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                              size_t nUnknown, const fmi2ValueReference vKnown_ref[],
                              size_t nKnown, const fmi2Real dvKnown[], fmi2Real dvUnknown[])
{
  return refuse (c, "directional derivatives");
}

/* Model Exchange -------------------------------------------------------------------- */

BG_FMI_EXPORT fmi2Status
fmi2EnterEventMode (fmi2Component c)
{
  GET (c);
  if (self->cs)
    return refuse (c, "Event Mode in Co-Simulation");
  return status2 (_bg_fmu_enter_event_mode (self));
}

BG_FMI_EXPORT fmi2Status
fmi2NewDiscreteStates (fmi2Component c, fmi2EventInfo *eventInfo)
{
  gboolean switched = FALSE, terminate = FALSE, next_defined = FALSE;
  double next = 0;
  BgFmuStatus s;
  GET (c);

  if (self->cs)
    return refuse (c, "discrete states in Co-Simulation");
  s = _bg_fmu_update_discrete (self, &switched, &terminate, &next_defined, &next);
  if (eventInfo != NULL)
    {
      eventInfo->newDiscreteStatesNeeded = fmi2False;
      eventInfo->terminateSimulation = terminate;
      eventInfo->nominalsOfContinuousStatesChanged = fmi2False;
      eventInfo->valuesOfContinuousStatesChanged = switched ? fmi2True : fmi2False;
      eventInfo->nextEventTimeDefined = next_defined;
      eventInfo->nextEventTime = next;
    }
  return status2 (s);
}

BG_FMI_EXPORT fmi2Status
fmi2EnterContinuousTimeMode (fmi2Component c)
{
  GET (c);
  return status2 (_bg_fmu_enter_continuous (self));
}

BG_FMI_EXPORT fmi2Status
fmi2CompletedIntegratorStep (fmi2Component c, fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                             fmi2Boolean *enterEventMode, fmi2Boolean *terminateSimulation)
{
  GET (c);
  if (!_bg_fmu_check_mode (self, "completing an integrator step", 1u << BG_FMU_MODE_CONTINUOUS))
    return fmi2Error;
  if (enterEventMode != NULL)
    *enterEventMode = fmi2False;
  if (terminateSimulation != NULL)
    *terminateSimulation = fmi2False;
  return fmi2OK;
}

BG_FMI_EXPORT fmi2Status
fmi2SetTime (fmi2Component c, fmi2Real time)
{
  GET (c);
  return status2 (_bg_fmu_set_time (self, time));
}

BG_FMI_EXPORT fmi2Status
fmi2SetContinuousStates (fmi2Component c, const fmi2Real x[], size_t nx)
{
  GET (c);
  return status2 (_bg_fmu_set_states (self, x, nx));
}

BG_FMI_EXPORT fmi2Status
fmi2GetDerivatives (fmi2Component c, fmi2Real derivatives[], size_t nx)
{
  GET (c);
  return status2 (_bg_fmu_get_derivatives (self, derivatives, nx));
}

BG_FMI_EXPORT fmi2Status
fmi2GetEventIndicators (fmi2Component c, fmi2Real eventIndicators[], size_t ni)
{
  GET (c);
  return status2 (_bg_fmu_get_indicators (self, eventIndicators, ni));
}

BG_FMI_EXPORT fmi2Status
fmi2GetContinuousStates (fmi2Component c, fmi2Real x[], size_t nx)
{
  GET (c);
  return status2 (_bg_fmu_get_states (self, x, nx));
}

BG_FMI_EXPORT fmi2Status
fmi2GetNominalsOfContinuousStates (fmi2Component c, fmi2Real x_nominal[], size_t nx)
{
  GET (c);
  return status2 (_bg_fmu_get_nominals (self, x_nominal, nx));
}

/* Co-Simulation ------------------------------------------------------------------------ */

BG_FMI_EXPORT fmi2Status
fmi2SetRealInputDerivatives (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                             const fmi2Integer order[], const fmi2Real value[])
{
  return refuse (c, "input derivatives (canInterpolateInputs is false)");
}

BG_FMI_EXPORT fmi2Status
fmi2GetRealOutputDerivatives (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                              const fmi2Integer order[], fmi2Real value[])
{
  return refuse (c, "output derivatives (maxOutputDerivativeOrder is 0)");
}

BG_FMI_EXPORT fmi2Status
fmi2DoStep (fmi2Component c, fmi2Real currentCommunicationPoint,
            fmi2Real communicationStepSize,
            fmi2Boolean noSetFMUStatePriorToCurrentCommunicationPoint)
{
  gboolean terminate = FALSE, early = FALSE;
  double last = 0;
  BgFmuStatus s;
  GET (c);

  s = _bg_fmu_do_step (self, currentCommunicationPoint, communicationStepSize, &terminate,
                       &early, &last);
  /* FMI 2.0 has no early return: a step cut short by an end stop is
   * discarded, and fmi2GetBooleanStatus (fmi2Terminated) tells why. */
  if (s == BG_FMU_OK && early)
    return fmi2Discard;
  return status2 (s);
}

BG_FMI_EXPORT fmi2Status
fmi2CancelStep (fmi2Component c)
{
  return refuse (c, "cancelling a step (steps are not asynchronous)");
}

BG_FMI_EXPORT fmi2Status
fmi2GetStatus (fmi2Component c, const fmi2StatusKind s, fmi2Status *value)
{
  GET (c);
  if (value == NULL || s != fmi2DoStepStatus)
    return refuse (c, "this status");
  *value = self->mode == BG_FMU_MODE_FAILED ? fmi2Error : fmi2OK;
  return fmi2OK;
}

BG_FMI_EXPORT fmi2Status
fmi2GetRealStatus (fmi2Component c, const fmi2StatusKind s, fmi2Real *value)
{
  GET (c);
  if (value == NULL || s != fmi2LastSuccessfulTime)
    return refuse (c, "this status");
  *value = self->last_successful_time;
  return fmi2OK;
}

BG_FMI_EXPORT fmi2Status
fmi2GetIntegerStatus (fmi2Component c, const fmi2StatusKind s, fmi2Integer *value)
{
  return refuse (c, "integer statuses");
}

BG_FMI_EXPORT fmi2Status
fmi2GetBooleanStatus (fmi2Component c, const fmi2StatusKind s, fmi2Boolean *value)
{
  GET (c);
  if (value == NULL || s != fmi2Terminated)
    return refuse (c, "this status");
  *value = self->terminated ? fmi2True : fmi2False;
  return fmi2OK;
}

BG_FMI_EXPORT fmi2Status
fmi2GetStringStatus (fmi2Component c, const fmi2StatusKind s, fmi2String *value)
{
  return refuse (c, "string statuses");
}
