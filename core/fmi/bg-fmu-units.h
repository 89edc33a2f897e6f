/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-units.h — a unit's exponents of the SI base units, for the
 * UnitDefinitions of an FMU's modelDescription.xml.
 *
 * Owns: reading the unit texts BGMod writes ("N·m·s/rad", "m³/s",
 * "Pa·s/m³", "kg·m²") as products and quotients of SI symbols with
 * powers. Must not: know about FMUs beyond the exponents.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* kg, m, s, A, K, mol, cd, rad: the FMI BaseUnit attributes, in order. */
#define BG_FMU_N_BASE 8

extern const char *const bg_fmu_base_names[BG_FMU_N_BASE];

/* FALSE when the text has a symbol BGMod does not know (the unit is then
 * declared without a BaseUnit). */
gboolean bg_fmu_unit_parse (const char *unit,
                            int         exponents[BG_FMU_N_BASE]);

G_END_DECLS
