/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-library.h — the Elements library: every component type in every domain.
 *
 * Owns: the static registry of component specs (ports, parameters with units,
 * defaults and constraints, English and Russian names, palette membership,
 * causal rule, output variables). Read-only after start-up and safe to use
 * from any thread. Must not: hold per-document state or know about GTK.
 *
 * A spec is keyed by (type, domain). Primitives ("0" "1" "R" "C" "I" "Se" "Sf"
 * "TF" "GY") exist once per domain (a GY also once per pair of domains of
 * its ports P and S, see bg_library_lookup_gyrator); advanced components exist once, with
 * domain = BG_DOMAIN_NONE, and are listed in the palettes of the domains of
 * their ports.
 */
#pragma once

#include <glib.h>
#include "bg-types.h"
#include "bg-domain.h"

G_BEGIN_DECLS

#define BG_LIBRARY_ERROR (bg_library_error_quark ())
GQuark bg_library_error_quark (void);

typedef enum
{
  BG_LIBRARY_ERROR_UNKNOWN_TYPE = 1,
  BG_LIBRARY_ERROR_UNKNOWN_PARAM,
  BG_LIBRARY_ERROR_BAD_VALUE,
} BgLibraryError;

/* How the palette draws a primitive's classic element (the handbook's
 * "classic element"); advanced components are drawn as a labelled box. */
typedef enum
{
  BG_DRAWING_ONE_PORT,  /* the letters with one bond arriving from the left */
  BG_DRAWING_JUNCTION,  /* the digit with one bond in and two out */
  BG_DRAWING_SOURCE,    /* the letters, then the bond with its arrow away */
  BG_DRAWING_TWO_PORT,  /* the letters between a bond in and a bond out */
  BG_DRAWING_BOX,       /* an advanced component's box with its ports */
} BgDrawing;

typedef enum
{
  BG_SECTION_PRIMITIVES,
  BG_SECTION_ADVANCED,
} BgSection;

/* How a component constrains the causality of its ports. "Effort in" at a
 * port means the port receives effort: the causal stroke is at this end. */
typedef enum
{
  BG_CAUSAL_FIXED,    /* every port has a fixed role (Se, Sf, PumpCurve) */
  BG_CAUSAL_STORAGE,  /* one port, integral role required (C, I, accumulator, load) */
  BG_CAUSAL_FREE,     /* one port, either role (R) */
  BG_CAUSAL_ONE_IN,   /* exactly one port receives effort (0-junction, TF) */
  BG_CAUSAL_ONE_OUT,  /* exactly one port supplies effort (1-junction, CylinderDA) */
  BG_CAUSAL_SAME_ROLE,/* both ports receive effort, or both supply it (GY) */
} BgCausalRule;

typedef enum
{
  BG_PORT_ROLE_ANY = 0,
  BG_PORT_ROLE_EFFORT_IN,   /* stroke at this end; the port supplies flow */
  BG_PORT_ROLE_EFFORT_OUT,  /* stroke at the far end; the port supplies effort */
} BgPortRole;

struct _BgPortSpec
{
  const char *name;      /* "E", "P", "S", "A", "B", "M", "T", "H", "W" */
  BgDomain    domain;    /* the port's domain */
  BgPortRole  role;      /* fixed or preferred role (see BgComponentSpec.causal_rule) */
  const char *description; /* N_() translated: "cap end", "primary winding" */
};

typedef enum
{
  BG_PARAM_NUMBER,
  BG_PARAM_CHOICE,   /* one of a NULL-terminated list of words, e.g. waveform */
  BG_PARAM_TABLE,    /* rows of two numbers, e.g. a pump curve */
} BgParamKind;

/* Every number a parameter holds is 0 or has a magnitude in
 * [BG_PARAM_MIN_MAGNITUDE, BG_PARAM_MAX_MAGNITUDE]: products of a few
 * parameters (an energy q²/2C, a power e·f) then stay far from overflow and
 * from subnormals, so a model that loads also simulates. */
#define BG_PARAM_MIN_MAGNITUDE 1e-50
#define BG_PARAM_MAX_MAGNITUDE 1e50

typedef enum
{
  BG_LIMIT_ANY,          /* finite */
  BG_LIMIT_POSITIVE,     /* > 0, finite */
  BG_LIMIT_NONNEGATIVE,  /* >= 0, finite */
  BG_LIMIT_RANGE,        /* min <= x <= max */
} BgLimit;

struct _BgParamSpec
{
  const char  *name;          /* as in the file: "value", "initial", "n", "D" */
  BgParamKind  kind;
  const char  *label;         /* N_() translated: "Resistance", "Initial charge" */
  const char  *unit;          /* SI, untranslated: "Ω", "m/N", "" */
  BgLimit      limit;
  double       min, max;      /* for BG_LIMIT_RANGE */
  double       default_number;
  const char  *default_choice;
  const char *const *choices; /* NULL-terminated, for BG_PARAM_CHOICE */
  const double *default_table; /* 2 * default_table_rows numbers */
  guint        default_table_rows;
  const char  *column_labels[2]; /* BG_PARAM_TABLE, N_(): "Δp, Pa", "Q, m³/s"; NULL: "x", "y" */
  const char  *visible_if;    /* e.g. "waveform=step|pulse": shown only then; NULL = always */
  gboolean     saved_when_used; /* files carry it only while visible or not at its default */
};

/* An output variable of an element, as "<ELEMENT>.<suffix>" (docs/file-format.md). */
typedef struct
{
  const char *suffix;       /* "e", "f", "q", "p", "E", "x", "v", "F_hyd", ... */
  const char *unit;         /* SI, untranslated */
  const char *description;  /* N_() translated */
} BgVarSpec;

struct _BgComponentSpec
{
  const char        *type;        /* file type: "R", "CylinderDA", ... */
  const BgComponentKind *kind;    /* the behaviour all specs of this type share (core only) */
  BgDomain           domain;      /* primitives: their domain; advanced: NONE */
  BgSection          section;
  guint              palette_domains; /* bit (1 << BgDomain) per palette listing it */
  const char        *symbol;      /* drawn label: "R", "0", "CYL", "LOAD", "PUMP", "ACC" */
  const char        *name;        /* English, N_(): "Resistor", "Damper" */
  const char        *name_ru;     /* the handbook's Russian name: "Резистор" */
  const char        *description; /* one English sentence, N_() */
  BgCausalRule       causal_rule;
  gboolean           variable_ports; /* junctions: ports p1, p2, ... made by bonds */
  const BgPortSpec  *ports;       /* fixed ports (n_ports == 0 for junctions) */
  guint              n_ports;
  const BgParamSpec *params;
  guint              n_params;
  const BgVarSpec   *vars;        /* output variables */
  guint              n_vars;
  const char        *plot_vars;   /* comma-separated suffixes plotted on double-click */
  BgDrawing          drawing;
  guint              n_left_ports; /* ports drawn on the left before rotation; 0: the first half */
  gboolean           has_domain_s; /* the file's "domain_s" sets port S's domain (GY) */
  const char        *waveform_param; /* the parameter whose waveform "waveform" chooses, or NULL */
  /* Checks constraints that link parameters (D > d, x0 < L, a monotone table).
   * values[] is in params[] order. NULL when there are none. */
  gboolean         (*validate)    (const BgComponentSpec *spec,
                                   const BgParamValue    *values,
                                   GError               **error);
};

/* All specs, in palette order; never NULL. */
const BgComponentSpec *const *bg_library_get_all     (guint *n_specs);
/* domain is ignored for advanced components; NULL if unknown. */
const BgComponentSpec *bg_library_lookup             (const char *type,
                                                      BgDomain    domain);
/* NULL-terminated list of the specs in a palette section (free the array only). */
const BgComponentSpec **bg_library_list_palette      (BgDomain    domain,
                                                      BgSection   section);
/* The GY with port P in domain and port S in domain_s; NULL for NONE. */
const BgComponentSpec *bg_library_lookup_gyrator     (BgDomain    domain,
                                                      BgDomain    domain_s);
gboolean               bg_library_is_type            (const char *type);
/* Advanced components know their own domain (TRUE); primitives need one. */
gboolean               bg_library_type_is_advanced   (const char *type);

const BgParamSpec     *bg_component_spec_find_param  (const BgComponentSpec *spec,
                                                      const char            *name,
                                                      guint                 *index);
const BgPortSpec      *bg_component_spec_find_port   (const BgComponentSpec *spec,
                                                      const char            *name,
                                                      guint                 *index);
/* Translated display name (gettext of spec->name). */
const char            *bg_component_spec_display_name (const BgComponentSpec *spec);
gboolean               bg_component_spec_is_storage  (const BgComponentSpec *spec);
/* Se (effort TRUE) or Sf: a one-port with a fixed role. */
gboolean               bg_component_spec_is_source   (const BgComponentSpec *spec,
                                                      gboolean               effort);
/* A one-port source or storage that sets the effort (Se, C, accumulator)
 * or, with effort FALSE, the flow (Sf, I, load) at its port. */
gboolean               bg_component_spec_sets        (const BgComponentSpec *spec,
                                                      gboolean               effort);

/* Parameter values ---------------------------------------------------- */

struct _BgParamValue
{
  BgParamKind kind;
  double      number;   /* BG_PARAM_NUMBER */
  char       *choice;   /* BG_PARAM_CHOICE, owned */
  GArray     *table;    /* BG_PARAM_TABLE: doubles, 2 per row, owned */
};

void     bg_param_value_init_default (BgParamValue       *value,
                                      const BgParamSpec  *spec);
void     bg_param_value_copy         (BgParamValue       *dest,
                                      const BgParamValue *src);
void     bg_param_value_clear        (BgParamValue       *value);
gboolean bg_param_value_equal        (const BgParamValue *a,
                                      const BgParamValue *b);
/* Checks one value against its spec's limit; the message names the limit,
 * e.g. "must be > 0". Cross-parameter checks are spec->validate. */
/* Rows of two numbers from CSV text (comma-, semicolon- or tab-separated;
 * a decimal comma where ';' or tabs separate; '#' comments, blank lines and
 * one header line skipped). The message names the line. */
GArray  *bg_param_table_from_text    (const char         *text,
                                      GError            **error);
gboolean bg_param_value_check        (const BgParamValue *value,
                                      const BgParamSpec  *spec,
                                      GError            **error);

G_END_DECLS
