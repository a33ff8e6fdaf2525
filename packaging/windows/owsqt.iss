; Inno Setup script: the Windows installer of owsqt, made from the one-folder bundle that
; `pyinstaller packaging\windows\owsqt.spec` builds in dist\owsqt (packaging/README.md).
;   iscc packaging\windows\owsqt.iss   ->   dist\owsqt-VERSION-windows-setup.exe
; It installs for the current user (no administrator needed), adds a Start menu entry, and
; makes .owsg game files open in owsqt on a double click; the uninstaller removes all of it
; and leaves the player's games, settings and key where platformdirs put them.

#define AppExe "owsqt.exe"
#define Bundle "..\..\dist\owsqt"
#define AppVersion GetVersionNumbersString(Bundle + "\" + AppExe)
#define GameType "owsqt.game"

[Setup]
AppId={{6C0F3E0B-5F8B-4C43-9F52-0E9C1D7E4A11}
AppName=owsqt
AppVersion={#AppVersion}
AppPublisher=owsqt contributors
DefaultDirName={autopf}\owsqt
DefaultGroupName=owsqt
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
SetupIconFile=owsqt.ico
UninstallDisplayIcon={app}\{#AppExe}
OutputDir=..\..\dist
OutputBaseFilename=owsqt-{#AppVersion}-windows-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Files]
Source: "{#Bundle}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\owsqt"; Filename: "{app}\{#AppExe}"
Name: "{group}\Uninstall owsqt"; Filename: "{uninstallexe}"

[Registry]
; .owsg -> owsqt.game -> "owsqt.exe" "%1" (the lone game file is opened: owsqt/cli/main.py)
Root: HKA; Subkey: "Software\Classes\.owsg"; ValueType: string; ValueName: ""; ValueData: "{#GameType}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.owsg"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-owsqt-game"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#GameType}"; ValueType: string; ValueName: ""; ValueData: "Operation Winter Storm game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#GameType}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#GameType}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".owsg"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "Start owsqt"; Flags: nowait postinstall skipifsilent
