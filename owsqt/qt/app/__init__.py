"""The application: start-up, the main window and its menus, recent files, the New Game
dialog, and the screenshot the command line renders."""
