/* placeholder; being written */
