/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-file.c — see bg-test-file.h. */
#include "config.h"

#include "bg-file.h"
#include "bg-test-file.h"

BgModel *
bg_test_load_json (const char *json)
{
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_file_load_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}
