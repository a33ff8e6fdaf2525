"""Victory (19.0): each scenario's conditions (`crossing` for the short scenarios' river
and objective hex), judged live and when the game ends (`result`)."""
