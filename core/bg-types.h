/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-types.h — forward declarations shared by the whole core library.
 *
 * Owns: the names of the core types, so headers can refer to each other
 * without include cycles. Must not: define behaviour or include GTK.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgComponentSpec BgComponentSpec;
typedef struct _BgComponentKind BgComponentKind;
typedef struct _BgDefinition    BgDefinition;
typedef struct _BgFlatMap       BgFlatMap;
typedef struct _BgParamSpec     BgParamSpec;
typedef struct _BgPortSpec      BgPortSpec;
typedef struct _BgParamValue    BgParamValue;
typedef struct _BgElement       BgElement;
typedef struct _BgBond          BgBond;
typedef struct _BgSimSettings   BgSimSettings;
typedef struct _BgModel         BgModel;
typedef struct _BgCausality     BgCausality;

/* Where a bond's causal stroke is: the analyzer's, or a student's own in
 * exercise mode. */
typedef enum
{
  BG_STROKE_NONE = 0,  /* not assigned / not placed */
  BG_STROKE_AT_TO,     /* the bond's `to` end receives effort */
  BG_STROKE_AT_FROM,   /* the bond's `from` end receives effort */
} BgStroke;

G_END_DECLS
