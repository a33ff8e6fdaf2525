"""The application: start-up, the main window with the features of the table installed
from one list, its menus, the game log, the replay, the game files, recent files, the New
Game dialog, and the screenshot the command line renders."""
