// Local placeholder so the package builds; not committed.
