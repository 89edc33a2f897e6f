/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-fmi3-more.c — the FMI 3.0 functions of what an exported FMU does
 * not have: variables of other types than Float64 (it has none), the FMU
 * state, partial derivatives, clocks and Scheduled Execution.
 *
 * Owns: a clear refusal of each (an error status and a message naming the
 * call), and the harmless cases (no value references asked for: OK), as
 * the standard requires every function to be there. Must not: touch the
 * instance beyond its logger.
 */
#include "config.h"

#include "bg-fmu-handle-private.h"

static fmi3Status
refuse (fmi3Instance instance, const char *what)
{
  _bg_fmu_handle_refuse (instance, BG_FMU_HANDLE_TAG3, what);
  return fmi3Error;
}

/* Typed access: the FMU has only Float64 variables, so any value reference
 * is unknown; asking for none is fine. */
static fmi3Status
no_variables (fmi3Instance instance, size_t n, const char *type)
{
  BgFmuStatus s = _bg_fmu_handle_no_variables (instance, BG_FMU_HANDLE_TAG3, n, type, "Float64");

  return s == BG_FMU_OK ? fmi3OK : fmi3Error;
}

#define TYPED(Name, Type)                                                              \
  BG_FMI_EXPORT fmi3Status                                                             \
  fmi3Get##Name (fmi3Instance instance, const fmi3ValueReference valueReferences[],    \
                 size_t nValueReferences, Type values[], size_t nValues)               \
  {                                                                                    \
    return no_variables (instance, nValueReferences, #Name);                           \
  }                                                                                    \
  BG_FMI_EXPORT fmi3Status                                                             \
  fmi3Set##Name (fmi3Instance instance, const fmi3ValueReference valueReferences[],    \
                 size_t nValueReferences, const Type values[], size_t nValues)         \
  {                                                                                    \
    return no_variables (instance, nValueReferences, #Name);                           \
  }

TYPED (Float32, fmi3Float32)
TYPED (Int8, fmi3Int8)
TYPED (UInt8, fmi3UInt8)
TYPED (Int16, fmi3Int16)
TYPED (UInt16, fmi3UInt16)
TYPED (Int32, fmi3Int32)
TYPED (UInt32, fmi3UInt32)
TYPED (Int64, fmi3Int64)
TYPED (UInt64, fmi3UInt64)
TYPED (Boolean, fmi3Boolean)
TYPED (String, fmi3String)

BG_FMI_EXPORT fmi3Status
fmi3GetBinary (fmi3Instance instance, const fmi3ValueReference valueReferences[],
               size_t nValueReferences, size_t valueSizes[], fmi3Binary values[], size_t nValues)
{
  return no_variables (instance, nValueReferences, "Binary");
}

BG_FMI_EXPORT fmi3Status
fmi3SetBinary (fmi3Instance instance, const fmi3ValueReference valueReferences[],
               size_t nValueReferences, const size_t valueSizes[], const fmi3Binary values[],
               size_t nValues)
{
  return no_variables (instance, nValueReferences, "Binary");
}

BG_FMI_EXPORT fmi3Status
fmi3GetClock (fmi3Instance instance, const fmi3ValueReference valueReferences[],
              size_t nValueReferences, fmi3Clock values[])
{
  return no_variables (instance, nValueReferences, "Clock");
}

BG_FMI_EXPORT fmi3Status
fmi3SetClock (fmi3Instance instance, const fmi3ValueReference valueReferences[],
              size_t nValueReferences, const fmi3Clock values[])
{
  return no_variables (instance, nValueReferences, "Clock");
}

BG_FMI_EXPORT fmi3Instance
fmi3InstantiateScheduledExecution (fmi3String instanceName, fmi3String instantiationToken,
                                   fmi3String resourcePath, fmi3Boolean visible,
                                   fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
                                   fmi3LogMessageCallback logMessage,
                                   fmi3ClockUpdateCallback clockUpdate,
                                   fmi3LockPreemptionCallback lockPreemption,
                                   fmi3UnlockPreemptionCallback unlockPreemption)
{
  if (logMessage != NULL)
    logMessage (instanceEnvironment, fmi3Error, "logStatusError",
                "this FMU offers Model Exchange and Co-Simulation, not Scheduled Execution");
  return NULL;
}

BG_FMI_EXPORT fmi3Status
fmi3GetNumberOfVariableDependencies (fmi3Instance instance, fmi3ValueReference valueReference,
                                     size_t *nDependencies)
{
  return refuse (instance, "variable dependencies");
}

BG_FMI_EXPORT fmi3Status
fmi3GetVariableDependencies (fmi3Instance instance, fmi3ValueReference dependent,
                             size_t elementIndicesOfDependent[], fmi3ValueReference independents[],
                             size_t elementIndicesOfIndependents[],
                             fmi3DependencyKind dependencyKinds[], size_t nDependencies)
{
  return refuse (instance, "variable dependencies");
}

BG_FMI_EXPORT fmi3Status
fmi3GetFMUState (fmi3Instance instance, fmi3FMUState *FMUState)
{
  return refuse (instance, "getting the FMU state");
}

BG_FMI_EXPORT fmi3Status
fmi3SetFMUState (fmi3Instance instance, fmi3FMUState FMUState)
{
  return refuse (instance, "setting the FMU state");
}

BG_FMI_EXPORT fmi3Status
fmi3FreeFMUState (fmi3Instance instance, fmi3FMUState *FMUState)
{
  return refuse (instance, "freeing an FMU state");
}

BG_FMI_EXPORT fmi3Status
fmi3SerializedFMUStateSize (fmi3Instance instance, fmi3FMUState FMUState, size_t *size)
{
  return refuse (instance, "serializing the FMU state");
}

BG_FMI_EXPORT fmi3Status
fmi3SerializeFMUState (fmi3Instance instance, fmi3FMUState FMUState, fmi3Byte serializedState[],
                       size_t size)
{
  return refuse (instance, "serializing the FMU state");
}

BG_FMI_EXPORT fmi3Status
fmi3DeserializeFMUState (fmi3Instance instance, const fmi3Byte serializedState[], size_t size,
                         fmi3FMUState *FMUState)
{
  return refuse (instance, "deserializing an FMU state");
}

BG_FMI_EXPORT fmi3Status
fmi3GetDirectionalDerivative (fmi3Instance instance, const fmi3ValueReference unknowns[],
                              size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns,
                              const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],
                              size_t nSensitivity)
{
  return refuse (instance, "directional derivatives");
}

BG_FMI_EXPORT fmi3Status
fmi3GetAdjointDerivative (fmi3Instance instance, const fmi3ValueReference unknowns[],
                          size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns,
                          const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],
                          size_t nSensitivity)
{
  return refuse (instance, "adjoint derivatives");
}

BG_FMI_EXPORT fmi3Status
fmi3EnterConfigurationMode (fmi3Instance instance)
{
  return refuse (instance, "Configuration Mode (the FMU has no structural parameters)");
}

BG_FMI_EXPORT fmi3Status
fmi3ExitConfigurationMode (fmi3Instance instance)
{
  return refuse (instance, "Configuration Mode (the FMU has no structural parameters)");
}

BG_FMI_EXPORT fmi3Status
fmi3GetIntervalDecimal (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                        size_t nValueReferences, fmi3Float64 intervals[],
                        fmi3IntervalQualifier qualifiers[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3GetIntervalFraction (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                         size_t nValueReferences, fmi3UInt64 counters[],
                         fmi3UInt64 resolutions[], fmi3IntervalQualifier qualifiers[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3GetShiftDecimal (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                     size_t nValueReferences, fmi3Float64 shifts[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3GetShiftFraction (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                      size_t nValueReferences, fmi3UInt64 counters[], fmi3UInt64 resolutions[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3SetIntervalDecimal (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                        size_t nValueReferences, const fmi3Float64 intervals[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3SetIntervalFraction (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                         size_t nValueReferences, const fmi3UInt64 counters[],
                         const fmi3UInt64 resolutions[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3SetShiftDecimal (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                     size_t nValueReferences, const fmi3Float64 shifts[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3SetShiftFraction (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                      size_t nValueReferences, const fmi3UInt64 counters[],
                      const fmi3UInt64 resolutions[])
{
  return refuse (instance, "clocks");
}

BG_FMI_EXPORT fmi3Status
fmi3EvaluateDiscreteStates (fmi3Instance instance)
{
  return refuse (instance, "evaluating discrete states (the FMU has none)");
}

BG_FMI_EXPORT fmi3Status
fmi3GetOutputDerivatives (fmi3Instance instance, const fmi3ValueReference valueReferences[],
                          size_t nValueReferences, const fmi3Int32 orders[], fmi3Float64 values[],
                          size_t nValues)
{
  return refuse (instance, "output derivatives (maxOutputDerivativeOrder is 0)");
}

BG_FMI_EXPORT fmi3Status
fmi3ActivateModelPartition (fmi3Instance instance, fmi3ValueReference clockReference,
                            fmi3Float64 activationTime)
{
  return refuse (instance, "Scheduled Execution");
}
