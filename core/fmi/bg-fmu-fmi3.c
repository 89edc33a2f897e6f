/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-fmi3.c — the FMI 3.0 functions an exported FMU supports: life
 * cycle, Float64 values, Model Exchange and Co-Simulation.
 *
 * Owns: the translation between the fmi3 calls and the instance
 * (bg-fmu-instance-private.h): handles, statuses, the logger, the resource
 * path. Must not: compute anything itself, trust a pointer it was not
 * given by fmi3Instantiate*, print or exit. The functions of the other
 * types and features are in bg-fmu-fmi3-more.c.
 */
#include "config.h"

#include <string.h>

#include "bg-fmu-handle-private.h"

#define GET(i) BgFmuInstance *self = _bg_fmu_handle_get ((i), BG_FMU_HANDLE_TAG3); \
  if (self == NULL)                                                                \
    return fmi3Error

static fmi3Status
status3 (BgFmuStatus s)
{
  switch (s)
    {
    case BG_FMU_OK:
      return fmi3OK;
    case BG_FMU_WARNING:
      return fmi3Warning;
    case BG_FMU_DISCARD:
      return fmi3Discard;
    case BG_FMU_FATAL:
      return fmi3Fatal;
    case BG_FMU_ERROR_STATUS:
    default:
      return fmi3Error;
    }
}

static void
log_to_importer (gpointer data, const char *instance_name, BgFmuStatus status, const char *category,
      const char *message)
{
  BgFmuHandle *h = data;

  if (h->log3 != NULL)
    h->log3 (h->env3, status3 (status), category, message);
}

BG_FMI_EXPORT const char *
fmi3GetVersion (void)
{
  return fmi3Version;
}

BG_FMI_EXPORT fmi3Status
fmi3SetDebugLogging (fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories,
                     const fmi3String categories[])
{
  GET (instance);
  return status3 (_bg_fmu_set_debug_logging (self, loggingOn, nCategories, categories));
}

static fmi3Instance
instantiate (fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
             gboolean cs, fmi3Boolean loggingOn, fmi3InstanceEnvironment env,
             fmi3LogMessageCallback logMessage)
{
  BgFmuHandle *h = g_new0 (BgFmuHandle, 1);

  h->log3 = logMessage;
  h->env3 = env;
  return _bg_fmu_handle_open (h, BG_FMU_HANDLE_TAG3, instanceName, resourcePath, instantiationToken,
                              cs, log_to_importer, loggingOn);
}

BG_FMI_EXPORT fmi3Instance
fmi3InstantiateModelExchange (fmi3String instanceName, fmi3String instantiationToken,
                              fmi3String resourcePath, fmi3Boolean visible,
                              fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
                              fmi3LogMessageCallback logMessage)
{
  return instantiate (instanceName, instantiationToken, resourcePath, FALSE, loggingOn,
                      instanceEnvironment, logMessage);
}

BG_FMI_EXPORT fmi3Instance
fmi3InstantiateCoSimulation (fmi3String instanceName, fmi3String instantiationToken,
                             fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                             fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                             const fmi3ValueReference requiredIntermediateVariables[],
                             size_t nRequiredIntermediateVariables,
                             fmi3InstanceEnvironment instanceEnvironment,
                             fmi3LogMessageCallback logMessage,
                             fmi3IntermediateUpdateCallback intermediateUpdate)
{
  if (eventModeUsed)
    {
      if (logMessage != NULL)
        logMessage (instanceEnvironment, fmi3Error, "logStatusError",
                    "this FMU has no event mode in Co-Simulation (hasEventMode=\"false\")");
      return NULL;
    }
  BgFmuHandle *h = instantiate (instanceName, instantiationToken, resourcePath, TRUE, loggingOn,
                                instanceEnvironment, logMessage);

  if (h != NULL)
    h->early_return_allowed = earlyReturnAllowed;
  return h;
}

BG_FMI_EXPORT void
fmi3FreeInstance (fmi3Instance instance)
{
  _bg_fmu_handle_free (instance, BG_FMU_HANDLE_TAG3);
}

BG_FMI_EXPORT fmi3Status
fmi3EnterInitializationMode (fmi3Instance instance, fmi3Boolean toleranceDefined,
                             fmi3Float64 tolerance, fmi3Float64 startTime,
                             fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
  BgFmuStatus s;
  GET (instance);

  s = _bg_fmu_setup (self, toleranceDefined, tolerance, startTime, stopTimeDefined, stopTime);
  if (s != BG_FMU_OK)
    return status3 (s);
  return status3 (_bg_fmu_enter_init (self));
}

BG_FMI_EXPORT fmi3Status
fmi3ExitInitializationMode (fmi3Instance instance)
{
  GET (instance);
  return status3 (_bg_fmu_exit_init (self));
}

BG_FMI_EXPORT fmi3Status
fmi3EnterEventMode (fmi3Instance instance)
{
  GET (instance);
  if (self->cs)
    return status3 (_bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                                 "Co-Simulation without event mode has no Event Mode"));
  return status3 (_bg_fmu_enter_event_mode (self));
}

BG_FMI_EXPORT fmi3Status
fmi3Terminate (fmi3Instance instance)
{
  GET (instance);
  return status3 (_bg_fmu_terminate (self));
}

BG_FMI_EXPORT fmi3Status
fmi3Reset (fmi3Instance instance)
{
  GET (instance);
  return status3 (_bg_fmu_instance_reset (self));
}

static gboolean
counts_match (BgFmuInstance *self, size_t nvr, size_t nValues)
{
  if (nvr == nValues)
    return TRUE;
  _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
               "%" G_GSIZE_FORMAT " value references but %" G_GSIZE_FORMAT
               " values (the FMU has no arrays)", nvr, nValues);
  return FALSE;
}

BG_FMI_EXPORT fmi3Status
fmi3GetFloat64 (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                size_t nValueReferences, fmi3Float64 values[], size_t nValues)
{
  GET (instance);
  if (!counts_match (self, nValueReferences, nValues))
    return fmi3Error;
  return status3 (_bg_fmu_get_real (self, valueReferences, nValueReferences, values));
}

BG_FMI_EXPORT fmi3Status
fmi3SetFloat64 (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                size_t nValueReferences, const fmi3Float64 values[], size_t nValues)
{
  GET (instance);
  if (!counts_match (self, nValueReferences, nValues))
    return fmi3Error;
  return status3 (_bg_fmu_set_real (self, valueReferences, nValueReferences, values));
}

BG_FMI_EXPORT fmi3Status
fmi3UpdateDiscreteStates (fmi3Instance instance, fmi3Boolean *discreteStatesNeedUpdate,
                          fmi3Boolean *terminateSimulation,
                          fmi3Boolean *nominalsOfContinuousStatesChanged,
                          fmi3Boolean *valuesOfContinuousStatesChanged,
                          fmi3Boolean *nextEventTimeDefined, fmi3Float64 *nextEventTime)
{
  gboolean switched = FALSE, terminate = FALSE, next_defined = FALSE;
  double next = 0;
  BgFmuStatus s;
  GET (instance);

  if (self->cs)
    return status3 (_bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                                 "Co-Simulation without event mode has no discrete updates"));
  s = _bg_fmu_update_discrete (self, &switched, &terminate, &next_defined, &next);
  if (discreteStatesNeedUpdate != NULL)
    *discreteStatesNeedUpdate = false;
  if (terminateSimulation != NULL)
    *terminateSimulation = terminate;
  if (nominalsOfContinuousStatesChanged != NULL)
    *nominalsOfContinuousStatesChanged = false;
  if (valuesOfContinuousStatesChanged != NULL)
    *valuesOfContinuousStatesChanged = switched;
  if (nextEventTimeDefined != NULL)
    *nextEventTimeDefined = next_defined;
  if (nextEventTime != NULL)
    *nextEventTime = next;
  return status3 (s);
}

/* Model Exchange --------------------------------------------------------------- */

BG_FMI_EXPORT fmi3Status
fmi3EnterContinuousTimeMode (fmi3Instance instance)
{
  GET (instance);
  return status3 (_bg_fmu_enter_continuous (self));
}

BG_FMI_EXPORT fmi3Status
fmi3CompletedIntegratorStep (fmi3Instance instance, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                             fmi3Boolean *enterEventMode, fmi3Boolean *terminateSimulation)
{
  GET (instance);
  if (!_bg_fmu_check_mode (self, "completing an integrator step", 1u << BG_FMU_MODE_CONTINUOUS))
    return fmi3Error;
  if (enterEventMode != NULL)
    *enterEventMode = false;
  if (terminateSimulation != NULL)
    *terminateSimulation = false;
  return fmi3OK;
}

BG_FMI_EXPORT fmi3Status
fmi3SetTime (fmi3Instance instance, fmi3Float64 time)
{
  GET (instance);
  return status3 (_bg_fmu_set_time (self, time));
}

BG_FMI_EXPORT fmi3Status
fmi3SetContinuousStates (fmi3Instance instance, const fmi3Float64 continuousStates[],
                         size_t nContinuousStates)
{
  GET (instance);
  return status3 (_bg_fmu_set_states (self, continuousStates, nContinuousStates));
}

BG_FMI_EXPORT fmi3Status
fmi3GetContinuousStateDerivatives (fmi3Instance instance, fmi3Float64 derivatives[],
                                   size_t nContinuousStates)
{
  GET (instance);
  return status3 (_bg_fmu_get_derivatives (self, derivatives, nContinuousStates));
}

BG_FMI_EXPORT fmi3Status
fmi3GetEventIndicators (fmi3Instance instance, fmi3Float64 eventIndicators[],
                        size_t nEventIndicators)
{
  GET (instance);
  return status3 (_bg_fmu_get_indicators (self, eventIndicators, nEventIndicators));
}

BG_FMI_EXPORT fmi3Status
fmi3GetContinuousStates (fmi3Instance instance, fmi3Float64 continuousStates[],
                         size_t nContinuousStates)
{
  GET (instance);
  return status3 (_bg_fmu_get_states (self, continuousStates, nContinuousStates));
}

BG_FMI_EXPORT fmi3Status
fmi3GetNominalsOfContinuousStates (fmi3Instance instance, fmi3Float64 nominals[],
                                   size_t nContinuousStates)
{
  GET (instance);
  return status3 (_bg_fmu_get_nominals (self, nominals, nContinuousStates));
}

BG_FMI_EXPORT fmi3Status
fmi3GetNumberOfEventIndicators (fmi3Instance instance, size_t *nEventIndicators)
{
  GET (instance);
  if (nEventIndicators == NULL)
    return fmi3Error;
  *nEventIndicators = bg_fmu_vars_get_n_indicators (self->vars);
  return fmi3OK;
}

BG_FMI_EXPORT fmi3Status
fmi3GetNumberOfContinuousStates (fmi3Instance instance, size_t *nContinuousStates)
{
  GET (instance);
  if (nContinuousStates == NULL)
    return fmi3Error;
  *nContinuousStates = bg_fmu_vars_get_n_states (self->vars);
  return fmi3OK;
}

/* Co-Simulation -------------------------------------------------------------------- */

BG_FMI_EXPORT fmi3Status
fmi3EnterStepMode (fmi3Instance instance)
{
  GET (instance);
  return status3 (_bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                               "Co-Simulation without event mode is in Step Mode after "
                               "initialization; there is no Event Mode to leave"));
}

BG_FMI_EXPORT fmi3Status
fmi3DoStep (fmi3Instance instance, fmi3Float64 currentCommunicationPoint,
            fmi3Float64 communicationStepSize, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
            fmi3Boolean *eventHandlingNeeded, fmi3Boolean *terminateSimulation,
            fmi3Boolean *earlyReturn, fmi3Float64 *lastSuccessfulTime)
{
  gboolean terminate = FALSE, early = FALSE;
  double last = 0;
  BgFmuStatus s;
  GET (instance);

  s = _bg_fmu_do_step (self, currentCommunicationPoint, communicationStepSize, &terminate,
                       &early, &last);
  if (eventHandlingNeeded != NULL)
    *eventHandlingNeeded = false;
  if (terminateSimulation != NULL)
    *terminateSimulation = terminate;
  /* An end stop inside the step ends it at lastSuccessfulTime with
   * terminateSimulation; it is an early return only where the importer
   * allowed one (fmi3InstantiateCoSimulation's earlyReturnAllowed). */
  if (earlyReturn != NULL)
    *earlyReturn = early && ((BgFmuHandle *) instance)->early_return_allowed;
  if (lastSuccessfulTime != NULL)
    *lastSuccessfulTime = last;
  return status3 (s);
}
